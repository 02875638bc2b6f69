package kb.local;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.core.joran.spi.JoranException;
import ch.qos.logback.core.joran.util.ConfigurationWatchListUtil;
import java.net.URL;
import java.util.Locale;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Switches the log between plain lines and JSON ({@code KB_LOG_FORMAT}) once the settings are known: Logback
 * configures itself at the first logger, from the environment alone, before kb has read its settings file.
 */
final class LogFormat {

    /** The property logback.xml's root appender is named by. */
    static final String PROPERTY = "KB_LOG_FORMAT";

    private LogFormat() {}

    /**
     * Sends java.util.logging (which some libraries use, the Elasticsearch client's OpenTelemetry among them) through
     * SLF4J, so its lines are dated and formatted like the rest instead of in JUL's own two-line format.
     */
    static void bridgeJul() {
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
    }

    /** Reconfigures from the same file with {@code format} (plain or json), unless it is already in force. */
    static void apply(String format) {
        ILoggerFactory factory = LoggerFactory.getILoggerFactory();
        if (!(factory instanceof LoggerContext context)) {
            return; // another backend (none on kb's class path): nothing to switch
        }
        String wanted = format.toLowerCase(Locale.ROOT);
        boolean json = context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("json") != null;
        URL file = ConfigurationWatchListUtil.getMainWatchURL(context);
        if (json == wanted.equals("json") || file == null) {
            return;
        }
        configure(context, file, wanted);
    }

    /** {@code file} read again into {@code context} with {@value #PROPERTY} set to {@code format}. */
    static void configure(LoggerContext context, URL file, String format) {
        context.reset();
        context.putProperty(PROPERTY, format);
        JoranConfigurator configurator = new JoranConfigurator();
        configurator.setContext(context);
        try {
            configurator.doConfigure(file);
        } catch (JoranException e) {
            throw new IllegalStateException("cannot read the log configuration " + file, e);
        }
    }
}

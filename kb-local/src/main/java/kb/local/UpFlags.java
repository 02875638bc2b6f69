package kb.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.core.settings.KbSettings;
import kb.core.settings.SettingLayers;
import kb.local.options.ExternalServices;
import kb.local.options.PipelineOptions;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The options {@code kb up} and {@code kb config} share: null (or empty) when not given. */
final class UpFlags {

    @Option(
            names = "--dir",
            paramLabel = "[NAME=]DIR",
            description = "Knowledge-base folder (default knowledge_base/, created when absent). Repeat it to watch"
                    + " several, each its own collection, named NAME or after the folder (env KB_BASE_DIR; KB_COLLECTION"
                    + " names a single one).")
    List<String> dirs = new ArrayList<>();

    @Option(
            names = "--port",
            paramLabel = "PORT",
            description = "HTTP port of the API (default 8080, env KB_API_PORT).")
    Integer port;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description = "Interface of the API (default 127.0.0.1; another needs KB_API_TOKEN; env KB_API_HOST).")
    String host;

    /** {@code --kafka}/{@code --es} not given: KB_KAFKA_BOOTSTRAP and KB_ES_URL, else the embedded ones. */
    @Mixin
    PipelineOptions pipeline = new PipelineOptions();

    @Option(
            names = "--config",
            paramLabel = "FILE",
            description = "Settings file (YAML; default kb.yaml in the data folder, else beside the first folder);"
                    + " the environment and the flags override it.")
    Path config;

    /** {@code kb up}'s arguments read as its command line reads them; a bad one throws IllegalArgumentException. */
    static UpFlags parse(List<String> args) {
        UpFlags flags = new UpFlags();
        try {
            new CommandLine(flags).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        return flags;
    }

    /** The settings the flags give (not {@code --dir}: its folders become collections), and which flag gave each. */
    SettingLayers.Layer layer() {
        Map<String, String> values = new HashMap<>();
        Map<String, String> flagOf = new HashMap<>();
        ExternalServices services = pipeline.services();
        given(values, flagOf, KbSettings.API_PORT.name(), "--port", port);
        given(values, flagOf, KbSettings.API_HOST.name(), "--host", host);
        given(
                values,
                flagOf,
                KbSettings.DATA_DIR.name(),
                "--data",
                pipeline.data().given());
        given(values, flagOf, KbSettings.KAFKA_BOOTSTRAP.name(), "--kafka", services.kafka());
        given(values, flagOf, KbSettings.ES_URL.name(), "--es", services.elasticsearch());
        return new SettingLayers.Layer(values, name -> "flag " + flagOf.get(name));
    }

    private static void given(
            Map<String, String> values, Map<String, String> flagOf, String name, String flag, Object value) {
        if (value != null) {
            values.put(name, value.toString());
            flagOf.put(name, flag);
        }
    }
}

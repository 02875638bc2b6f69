package kb.local;

import java.util.List;
import java.util.Map;

/**
 * Commands a module above kb-local adds to {@code kb} (kb-tools: bench, eval, calibrate, soak, cluster,
 * probe-edit). {@link KbMain} finds them with {@link java.util.ServiceLoader}, so kb-local, which users run, never
 * depends on the tools that measure it: with kb-local alone on the class path {@code kb} offers its own commands.
 */
public interface MoreCommands {

    /** The picocli command objects, in the order {@code kb --help} lists them, reading settings from {@code env}. */
    List<Object> commands(Map<String, String> env);
}

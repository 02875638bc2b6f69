package kb.local;

import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.local.mcp.McpForwarder;
import kb.local.mcp.RunningKb;
import kb.local.options.ApiUrlOption;
import kb.local.options.DataFolderOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code kb mcp}: an MCP server on stdin and stdout for clients that launch one (desktop assistants, editors),
 * forwarding every message to the running kb of a data folder, so that any number of client copies share one
 * index and one writer. Nothing but JSON-RPC goes to stdout: whatever else would (a log line) goes to stderr.
 */
@Command(
        name = "mcp",
        description = "Serve MCP over stdin/stdout for a client that launches it, forwarding to the kb running on "
                + "the data folder (start that one with kb up). Any number of copies share its index.")
public final class McpCommand implements Callable<Integer> {

    @Mixin
    DataFolderOption data = new DataFolderOption();

    @Mixin
    ApiUrlOption apiUrl = new ApiUrlOption();

    private final Map<String, String> env;

    public McpCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    @Override
    public Integer call() throws Exception {
        PrintStream protocol = System.out;
        System.setOut(System.err); // a stray print or log line must not corrupt the protocol
        Settings settings = new Settings(env);
        Path dataDir = data.orSetting(env);
        URI url = apiUrl.given();
        McpForwarder forwarder = new McpForwarder(
                () -> url != null ? new RunningKb(url, null) : RunningKb.of(dataDir),
                settings.get(KbSettings.API_TOKEN),
                protocol,
                System.err);
        RunningKb now = url != null ? new RunningKb(url, null) : RunningKb.of(dataDir);
        System.err.println("kb mcp: " + (now.url() != null ? "forwarding to " + now.url() + "/mcp" : now.why()));
        forwarder.run(System.in);
        return 0;
    }
}

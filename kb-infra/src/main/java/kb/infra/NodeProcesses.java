package kb.infra;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The Elasticsearch node's processes: its command line, its console log, and stopping its tree of processes. */
final class NodeProcesses {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedElasticsearch.class);

    private NodeProcesses() {}

    static List<String> command(
            Path home, Path data, Path logs, int httpPort, boolean asRoot, List<String> nodeSettings) {
        List<String> command = new ArrayList<>();
        if (asRoot) {
            command.addAll(List.of(
                    "setpriv",
                    "--reuid=" + ElasticsearchFolders.NOBODY,
                    "--regid=" + ElasticsearchFolders.NOBODY,
                    "--clear-groups",
                    "--"));
        }
        command.add(home.resolve("bin/elasticsearch").toString());
        List<String> settings = new ArrayList<>(List.of(
                "xpack.security.enabled=false",
                "network.host=127.0.0.1",
                "http.port=" + httpPort,
                "path.data=" + data,
                "path.logs=" + logs,
                "cluster.routing.allocation.disk.threshold_enabled=false",
                "action.destructive_requires_name=false"));
        settings.addAll(nodeSettings);
        if (nodeSettings.stream().noneMatch(setting -> setting.startsWith("transport.port="))) {
            settings.add("transport.port=" + FreePorts.pick()); // a single node: any free port, a new one each launch
        }
        for (String setting : settings) {
            command.add("-E");
            command.add(setting);
        }
        return command;
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    /** The lines this launch wrote (the log is appended to across launches). */
    static List<String> written(Path log, long from) {
        try {
            byte[] bytes = Files.readAllBytes(log);
            int start = (int) Math.min(from, bytes.length);
            return new String(bytes, start, bytes.length - start, StandardCharsets.UTF_8)
                    .lines()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** A previous run killed with SIGKILL cannot stop its child: stop it now, before it holds the data lock. */
    static void stopLeftover(Path pidFile) throws IOException {
        if (!Files.exists(pidFile)) {
            return;
        }
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        Optional<ProcessHandle> leftover = ProcessHandle.of(pid)
                .filter(h -> h.info().commandLine().orElse("").contains("elasticsearch"));
        leftover.ifPresent(h -> {
            LOG.warn("stopping leftover process {} from an earlier run", pid);
            stopTree(h);
        });
        Files.deleteIfExists(pidFile);
    }

    static void stopTree(ProcessHandle handle) {
        List<ProcessHandle> descendants = handle.descendants().toList();
        handle.destroy();
        try {
            handle.onExit().get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            handle.destroyForcibly();
        }
        for (ProcessHandle child : descendants) {
            child.destroy();
            try {
                child.onExit().get(20, TimeUnit.SECONDS);
            } catch (Exception e) {
                child.destroyForcibly();
            }
        }
    }
}

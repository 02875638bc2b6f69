package kb.tools.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import kb.core.runtime.Shutdown;
import kb.infra.DataFolderLock;
import kb.local.verify.Folder;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code kb cluster up} and {@code kb cluster drill}. */
@Command(
        name = "cluster",
        synopsisSubcommandLabel = "(up | drill)",
        header = "Run the pipeline as a deployment does, each part its own process on loopback; or drill it.",
        subcommands = {ClusterCommand.Up.class, ClusterCommand.Drill.class})
public final class ClusterCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    /** {@code kb cluster} alone: which of the two, as a usage error. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "kb cluster needs up or drill");
    }

    /** The options both share. */
    static final class Where {

        @Option(
                names = "--data",
                paramLabel = "DATADIR",
                description = "Data and one log per process (default ~/.kb-cluster).")
        Path data = Path.of(System.getProperty("user.home"), ".kb-cluster");

        @Option(
                names = "--port",
                paramLabel = "PORT",
                defaultValue = "8080",
                description = "The first query API's port; the second gets PORT+1 (default ${DEFAULT-VALUE}).")
        int port;
    }

    @Command(
            name = "up",
            header = "Start the pipeline as a cluster of processes on loopback.",
            description = "Starts on loopback, each as its own process: 3 KRaft brokers, 2 Elasticsearch data nodes and"
                    + " a master-only tiebreaker, 2 chunkers, 2 sinks, 2 query APIs (PORT, PORT+1) and one producer per"
                    + " --dir. Ctrl-C stops them all.")
    static final class Up implements Callable<Integer> {

        @Mixin
        Where where = new Where();

        @Option(
                names = "--dir",
                paramLabel = "[NAME=]DIR",
                description = "A folder to watch, repeatable (default knowledge_base/).")
        List<String> dirs = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            List<Folder> folders =
                    new ArrayList<>(dirs.stream().map(Folder::parse).toList());
            if (folders.isEmpty()) {
                folders.add(Folder.parse("knowledge_base"));
            }
            try (DataFolderLock lock = DataFolderLock.acquire(where.data)) { // one kb per data folder
                up(ClusterLayout.standard(folders, where.port), where.data);
            }
            return ExitCode.OK;
        }
    }

    @Command(
            name = "drill",
            header = "Break that cluster in five ways under load and measure the recovery.",
            description = {
                "Starts that cluster over two new folders (collections team-a and team-b, one producer each) in"
                        + " DATADIR/drill-TIME, puts it under a write and query load and runs the drills (kill the broker"
                        + " leading kb.chunks, a sink, a chunker, an Elasticsearch node; stop a query API), each ending"
                        + " in kb verify.",
                "Prints: drill, failed requests, recovery seconds, drift after. Exit status 1 when a drill failed."
            })
    static final class Drill implements Callable<Integer> {

        @Mixin
        Where where = new Where();

        @Option(
                names = "--only",
                paramLabel = "NAME",
                split = ",",
                description = "Only these drills (comma-separated names).")
        List<String> only = new ArrayList<>();

        @Override
        public Integer call() throws Exception {
            Path data = where.data;
            return Drills.run(
                    ClusterLayout.standard(
                            List.of(Folder.parse(data.resolve("drill").toString())), where.port),
                    data,
                    only,
                    System.out);
        }
    }

    private static void up(ClusterLayout layout, Path data) throws Exception {
        System.out.println(
                "kb cluster: starting in " + data.toAbsolutePath() + " (logs in " + data.resolve("logs") + ")");
        Cluster cluster = Cluster.start(layout, data);
        CountDownLatch stopped = new CountDownLatch(1);
        Shutdown.onExit("kb cluster", cluster, stopped::countDown);
        System.out.println("kb cluster ready: api " + String.join(" ", cluster.apiUrls()) + ", kafka "
                + cluster.bootstrapServers() + ", elasticsearch " + cluster.elasticsearchUrl());
        System.out.println("kb cluster: check with  ./kb verify --data " + data + " "
                + layout.folders().stream()
                        .map(f -> "--dir " + f.dir())
                        .reduce((a, b) -> a + " " + b)
                        .orElse(""));
        stopped.await();
    }
}

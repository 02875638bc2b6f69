package kb.local.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import kb.local.verify.Folder;

/** {@code kb cluster up} and {@code kb cluster drill}. */
public final class ClusterCommand {

    public static final String USAGE = "usage: kb cluster up [--dir DIR]... [--data DATADIR] [--port PORT]\n"
            + "  starts on loopback, each as its own process: 3 KRaft brokers, 2 Elasticsearch data nodes and a\n"
            + "  master-only tiebreaker, 2 chunkers, 2 sinks, 2 query APIs (PORT, PORT+1; default 8080) and one producer per --dir (default knowledge_base/);\n"
            + "  data and one log per process under DATADIR (default ~/.kb-cluster); Ctrl-C stops them all\n"
            + "usage: kb cluster drill [--data DATADIR] [--port PORT] [--only NAME,NAME]\n"
            + "  starts that cluster over two new folders (collections team-a and team-b, one producer each) in\n"
            + "  DATADIR/drill-TIME, puts it under a write and query load and runs the drills (kill the broker leading\n"
            + "  kb.chunks, a sink, a chunker, an Elasticsearch node; stop a query API), each ending in kb verify;\n"
            + "  prints: drill, failed requests, recovery seconds, drift after";

    private ClusterCommand() {}

    /** @return the exit status */
    public static int run(List<String> args) throws Exception {
        if (args.isEmpty() || !List.of("up", "drill").contains(args.get(0))) {
            throw new IllegalArgumentException(USAGE);
        }
        List<Folder> folders = new ArrayList<>();
        Map<String, String> flags = new HashMap<>();
        for (int i = 1; i < args.size(); i += 2) {
            if (i + 1 >= args.size()
                    || !List.of("--dir", "--data", "--port", "--only").contains(args.get(i))) {
                throw new IllegalArgumentException(USAGE);
            }
            if (args.get(i).equals("--dir")) {
                folders.add(Folder.parse(args.get(i + 1)));
            } else {
                flags.put(args.get(i), args.get(i + 1));
            }
        }
        Path data = Path.of(flags.getOrDefault("--data", System.getProperty("user.home") + "/.kb-cluster"));
        int port = Integer.parseInt(flags.getOrDefault("--port", "8080"));
        if (args.get(0).equals("drill")) {
            if (!folders.isEmpty()) {
                throw new IllegalArgumentException(
                        "kb cluster drill writes and deletes files in folders of its own: no --dir\n" + USAGE);
            }
            return Drills.run(
                    ClusterLayout.standard(
                            List.of(Folder.parse(data.resolve("drill").toString())), port),
                    data,
                    flags.containsKey("--only") ? List.of(flags.get("--only").split(",")) : List.of(),
                    System.out);
        }
        if (folders.isEmpty()) {
            folders.add(Folder.parse("knowledge_base"));
        }
        up(ClusterLayout.standard(folders, port), data);
        return 0;
    }

    private static void up(ClusterLayout layout, Path data) throws Exception {
        System.out.println(
                "kb cluster: starting in " + data.toAbsolutePath() + " (logs in " + data.resolve("logs") + ")");
        Cluster cluster = Cluster.start(layout, data);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            cluster.close();
                            stopped.countDown();
                        },
                        "kb-cluster-shutdown"));
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

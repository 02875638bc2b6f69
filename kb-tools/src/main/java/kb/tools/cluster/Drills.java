package kb.tools.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import kb.core.Json;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.KbTopics;
import kb.infra.EmbeddedElasticsearch;
import kb.local.verify.Folder;
import kb.local.verify.VerifyCommand;
import kb.local.verify.VerifyReport;

/**
 * The failure drills on a loopback {@link Cluster}, each under a write and query load: something
 * is killed (or stopped), a probe file is written at once, and the drill measures the seconds until that probe
 * is searchable through the APIs and the queries no API answered meanwhile; then the load stops and
 * {@code kb verify} must find no drift. The victim is started again before the next drill.
 */
public final class Drills {

    private static final Duration RECOVERY_DEADLINE = Duration.ofMinutes(4);
    private static final Duration VERIFY_WAIT = Duration.ofMinutes(3);
    private static final Duration LOAD_AFTER = Duration.ofSeconds(10);
    private static final int PROBES = 8;
    private static final int SEED = 200;
    private static final List<String> COLLECTIONS = List.of("team-a", "team-b");

    /** One row of the table. */
    public record Result(
            String drill, long requests, long failedRequests, double recoverySeconds, int driftAfter, String detail) {}

    /** A drill: what it does to the cluster and how it puts it back. */
    interface Drill {
        String name();

        /** Breaks something; returns what to say about it and how to undo it. */
        Undo breakIt(Cluster cluster) throws Exception;
    }

    interface Undo {
        String detail();

        void undo() throws Exception;
    }

    private Drills() {}

    public static int run(ClusterLayout layout, Path data, List<String> only, PrintStream out) throws Exception {
        Path run = data.resolve("drill-" + Instant.now().toString().replace(':', '-'));
        // Two teams' folders, each its own collection and producer: the drills check that neither withdraws or
        // overwrites the other's documents, and both hold a README.md of their own.
        ClusterLayout own = layout.withFolders(COLLECTIONS.stream()
                .map(name -> new Folder(name, run.resolve(name)))
                .toList());
        List<Path> folders = own.folders().stream().map(Folder::dir).toList();
        for (Path folder : folders) {
            Files.createDirectories(folder);
            Files.writeString(
                    folder.resolve("README.md"),
                    "# " + folder.getFileName() + "\n\nThe " + folder.getFileName() + " team's notes.\n",
                    StandardCharsets.UTF_8);
        }
        out.println("kb cluster drill: data and logs in " + run + "; collections " + String.join(", ", COLLECTIONS));
        List<Result> results = new ArrayList<>();
        try (Cluster cluster = Cluster.start(own, run)) {
            Load load = new Load(folders, new FailoverClient(cluster.apiUrls()));
            load.seed(SEED);
            VerifyReport initial = verify(cluster, VERIFY_WAIT);
            out.println("kb cluster drill: cluster up, " + (SEED + folders.size()) + " files in " + folders.size()
                    + " collections indexed, drift " + initial.total());
            load.start();
            try {
                for (Drill drill : all()) {
                    if (only.isEmpty() || only.contains(drill.name())) {
                        Result result = runOne(cluster, load, drill, folders, out);
                        results.add(result);
                        out.printf(
                                "kb cluster drill: %s: %d of %d requests failed, searchable again after %.1f s, drift after %d (%s)%n",
                                result.drill(),
                                result.failedRequests(),
                                result.requests(),
                                result.recoverySeconds(),
                                result.driftAfter(),
                                result.detail());
                    }
                }
            } finally {
                load.close();
            }
        }
        print(results, out);
        return results.stream().allMatch(r -> r.driftAfter() == 0 && r.recoverySeconds() >= 0) ? 0 : 1;
    }

    static void print(List<Result> results, PrintStream out) {
        out.printf(
                "%n%-28s %9s %16s %18s %12s%n",
                "drill", "requests", "failed requests", "recovery seconds", "drift after");
        for (Result r : results) {
            out.printf(
                    "%-28s %9d %16d %18.1f %12d%n",
                    r.drill(), r.requests(), r.failedRequests(), r.recoverySeconds(), r.driftAfter());
        }
    }

    private static Result runOne(Cluster cluster, Load load, Drill drill, List<Path> folders, PrintStream out)
            throws Exception {
        load.writing(true);
        Thread.sleep(5000); // the load runs a while before anything breaks
        long requestsBefore = load.requests();
        long failedBefore = load.failed();
        Instant broken = Instant.now();
        Undo undo = drill.breakIt(cluster);
        List<String> tokens = writeProbes(folders, drill.name());
        double recovery = awaitSearchable(cluster, tokens, broken);
        Instant stopAt = broken.plus(LOAD_AFTER);
        while (Instant.now().isBefore(stopAt)) {
            Thread.sleep(200);
        }
        load.writing(false);
        VerifyReport after = verify(cluster, VERIFY_WAIT);
        long requests = load.requests() - requestsBefore;
        long failed = load.failed() - failedBefore;
        for (String why : load.failuresSince((int) failedBefore)) {
            out.println("kb cluster drill: " + drill.name() + ": a failed request: " + why);
        }
        if (!after.healthy()) {
            after.print(out);
        }
        undo.undo();
        verify(cluster, VERIFY_WAIT);
        return new Result(drill.name(), requests, failed, recovery, after.total(), undo.detail());
    }

    /**
     * Probes written right after the break, {@value #PROBES} of them so that every partition (and so every
     * chunker and sink) very likely gets one: a single probe would half the time land on a survivor. They
     * alternate between the collections, so both producers are exercised.
     */
    private static List<String> writeProbes(List<Path> folders, String drill) throws IOException {
        List<String> tokens = new ArrayList<>();
        for (int i = 0; i < PROBES; i++) {
            Path probes =
                    Files.createDirectories(folders.get(i % folders.size()).resolve("probes"));
            String token =
                    "probe" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            Files.writeString(
                    probes.resolve(drill + "-" + i + ".md"),
                    "# Probe " + drill + " " + i + "\n\nThe word " + token + " marks this change.\n",
                    StandardCharsets.UTF_8);
            tokens.add(token);
        }
        return tokens;
    }

    /** Seconds from the break until every probe's word is found, or -1 when one never was. */
    private static double awaitSearchable(Cluster cluster, List<String> tokens, Instant broken)
            throws InterruptedException {
        FailoverClient client = new FailoverClient(cluster.apiUrls());
        Instant deadline = broken.plus(RECOVERY_DEADLINE);
        List<String> waiting = new ArrayList<>(tokens);
        while (Instant.now().isBefore(deadline)) {
            waiting.removeIf(token -> {
                try {
                    String body = client.get("/api/v1/search?q=" + token);
                    return body != null && body.contains(token);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return false;
                }
            });
            if (waiting.isEmpty()) {
                return Duration.between(broken, Instant.now()).toMillis() / 1000.0;
            }
            Thread.sleep(100);
        }
        return -1;
    }

    static VerifyReport verify(Cluster cluster, Duration wait) throws IOException, InterruptedException {
        List<String> apis = cluster.apiUrls();
        Map<String, String> env = new HashMap<>(cluster.layout().env());
        env.put(KbSettings.KAFKA_BOOTSTRAP.name(), cluster.bootstrapServers());
        VerifyCommand.Options options = new VerifyCommand.Options(
                cluster.layout().folders(),
                apis.get(apis.size() - 1),
                cluster.bootstrapServers(),
                cluster.elasticsearchUrl(),
                wait,
                new Settings(env));
        return VerifyCommand.checkUntilHealthy(VerifyCommand.verifier(options), wait);
    }

    static List<Drill> all() {
        return List.of(brokerDrill(), sinkDrill(), chunkerDrill(), elasticsearchDrill(), apiDrill());
    }

    private static Drill brokerDrill() {
        return drill("kill-chunks-leader", cluster -> {
            KafkaCluster.Broker leader = cluster.leaderOf(
                    KbTopics.withPrefix(new Settings(cluster.layout().env()).get(KbSettings.TOPIC_PREFIX))
                            .chunks()
                            .name());
            leader.child().kill();
            return undo("SIGKILL broker " + leader.nodeId() + " (leader of kb.chunks-0)", () -> {
                leader.child().start();
                cluster.awaitBrokers(cluster.brokers().size());
            });
        });
    }

    private static Drill sinkDrill() {
        return drill("kill-sink", cluster -> {
            Stages.Member sink = cluster.sinks().get(0);
            sink.child().kill();
            return undo("SIGKILL " + sink.name(), () -> cluster.restart(sink));
        });
    }

    private static Drill chunkerDrill() {
        return drill("kill-chunker", cluster -> {
            Stages.Member chunker = cluster.chunkers().get(0);
            chunker.child().kill();
            return undo("SIGKILL " + chunker.name(), () -> cluster.restart(chunker));
        });
    }

    /**
     * Kills a data node, the elected master when a data node holds that role (the harder case: a new master is
     * elected while the replicas on the other data node are promoted). The master-only tiebreaker keeps two of
     * three votes alive, so writes go on.
     */
    private static Drill elasticsearchDrill() {
        return drill("kill-es-node", cluster -> {
            String master = electedMaster(cluster);
            List<EmbeddedElasticsearch> nodes = cluster.esNodes();
            int victim = 0;
            for (int i = 0; i < nodes.size(); i++) {
                if (("es-" + (i + 1)).equals(master)) {
                    victim = i;
                }
            }
            EmbeddedElasticsearch node = nodes.get(victim);
            node.killServer();
            return undo("SIGKILL es-" + (victim + 1) + " (master was " + master + ")", () -> {
                node.relaunch();
                cluster.awaitElasticsearchNodes(cluster.esNodeCount());
            });
        });
    }

    private static Drill apiDrill() {
        return drill("stop-api", cluster -> {
            Stages.Member api = cluster.apis().get(0);
            api.child().stop();
            return undo("SIGTERM " + api.name(), () -> cluster.restart(api));
        });
    }

    private static String electedMaster(Cluster cluster) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newHttpClient();
        for (String node : cluster.elasticsearchUrl().split(",")) {
            try {
                HttpResponse<String> response = http.send(
                        HttpRequest.newBuilder(URI.create(node + "/_cat/master?format=json"))
                                .timeout(Duration.ofSeconds(5))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
                JsonNode rows = Json.MAPPER.readTree(response.body());
                return rows.get(0).path("node").asText();
            } catch (IOException e) {
                // ask the next node
            }
        }
        throw new IOException("no Elasticsearch node named the master");
    }

    interface Breaker {
        Undo apply(Cluster cluster) throws Exception;
    }

    interface Action {
        void run() throws Exception;
    }

    private static Drill drill(String name, Breaker breaker) {
        return new Drill() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public Undo breakIt(Cluster cluster) throws Exception {
                return breaker.apply(cluster);
            }
        };
    }

    private static Undo undo(String detail, Action action) {
        return new Undo() {
            @Override
            public String detail() {
                return detail;
            }

            @Override
            public void undo() throws Exception {
                action.run();
            }
        };
    }
}

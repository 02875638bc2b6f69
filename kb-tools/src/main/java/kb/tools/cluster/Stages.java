package kb.tools.cluster;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import kb.chunker.ChunkerMain;
import kb.core.settings.KbSettings;
import kb.infra.FreePorts;
import kb.ingest.IngestProducerMain;
import kb.local.verify.Folder;
import kb.query.QueryMain;
import kb.sink.SinkMain;

/**
 * The stage processes of a {@link Cluster} and their supervision: chunkers, sinks, query APIs and one ingest
 * producer per folder, each its own JVM ({@link Child}) given the same layout and addresses, started in order and
 * awaited until its {@code /health} answers.
 */
public final class Stages {

    /** A stage process and where it says it is healthy. */
    public record Member(Child child, URI health) {
        public String name() {
            return child.name();
        }
    }

    private final ClusterLayout layout;
    private final Path dataDir;
    private final Path logs;
    private final String bootstrap;
    private final String esUrl;
    private final Probe probe = new Probe();

    private final List<Member> chunkers = new ArrayList<>();
    private final List<Member> sinks = new ArrayList<>();
    private final List<Member> apis = new ArrayList<>();
    private final List<Member> producers = new ArrayList<>();

    /** Nothing starts until {@link #start}; what did start is stopped by {@link #close}, even after a failure. */
    Stages(ClusterLayout layout, Path dataDir, Path logs, String bootstrap, String esUrl) {
        this.layout = layout;
        this.dataDir = dataDir;
        this.logs = logs;
        this.bootstrap = bootstrap;
        this.esUrl = esUrl;
    }

    /** Starts every stage of the layout and returns once each says it is healthy. */
    void start() throws IOException, InterruptedException {
        for (int i = 1; i <= layout.chunkers(); i++) {
            chunkers.add(stage(
                    "chunker-" + i,
                    ChunkerMain.class.getName(),
                    "384m",
                    Map.of(
                            KbSettings.STREAMS_STATE_DIR.name(),
                            dataDir.resolve("chunker-" + i + "/streams").toString())));
        }
        awaitHealthy(chunkers); // the first stage creates the topics; the others find them
        for (int i = 1; i <= layout.sinks(); i++) {
            sinks.add(stage("sink-" + i, SinkMain.class.getName(), "768m", Map.of()));
        }
        for (int i = 1; i <= layout.apis(); i++) {
            int port = layout.apiPort() == 0 ? FreePorts.pick() : layout.apiPort() + i - 1;
            apis.add(new Member(
                    new Child(
                                    "api-" + i,
                                    QueryMain.class.getName(),
                                    List.of(),
                                    "512m",
                                    env(Map.of(KbSettings.API_PORT.name(), Integer.toString(port))),
                                    logs)
                            .start(),
                    URI.create("http://localhost:" + port + "/health")));
        }
        for (int i = 0; i < layout.folders().size(); i++) {
            Folder folder = layout.folders().get(i);
            Files.createDirectories(folder.dir());
            Map<String, String> own = new HashMap<>(
                    Map.of(KbSettings.BASE_DIR.name(), folder.dir().toString()));
            if (folder.collection() != null) {
                own.put(KbSettings.COLLECTION.name(), folder.collection());
            }
            producers.add(stage("producer-" + (i + 1), IngestProducerMain.class.getName(), "256m", own));
        }
        List<Member> all = new ArrayList<>(sinks);
        all.addAll(apis);
        all.addAll(producers);
        awaitHealthy(all);
    }

    private Member stage(String name, String mainClass, String heap, Map<String, String> own) throws IOException {
        int metricsPort = FreePorts.pick();
        Map<String, String> values = new HashMap<>(own);
        values.put(KbSettings.METRICS_PORT.name(), Integer.toString(metricsPort));
        return new Member(
                new Child(name, mainClass, List.of(), heap, env(values), logs).start(),
                URI.create("http://localhost:" + metricsPort + "/health"));
    }

    /** Every service gets the same layout and addresses; {@code own} adds what is this process's alone. */
    private Map<String, String> env(Map<String, String> own) {
        Map<String, String> env = new HashMap<>(layout.env());
        env.put(KbSettings.KAFKA_BOOTSTRAP.name(), bootstrap);
        env.put(KbSettings.ES_URL.name(), esUrl);
        env.put(KbSettings.TOPIC_PARTITIONS.name(), Integer.toString(layout.partitions()));
        env.put(KbSettings.TOPIC_REPLICATION.name(), Integer.toString(layout.replication()));
        env.put(KbSettings.ES_SHARDS.name(), Integer.toString(layout.esShards()));
        env.put(KbSettings.ES_REPLICAS.name(), Integer.toString(layout.esReplicas()));
        env.putIfAbsent(
                KbSettings.BASE_DIR.name(), layout.folders().get(0).dir().toString());
        env.putAll(own);
        return env;
    }

    /** Waits until each member's /health answers 200. */
    public void awaitHealthy(List<Member> members) throws InterruptedException {
        Instant deadline = Instant.now().plus(Probe.START_TIMEOUT);
        List<Member> waiting = new ArrayList<>(members);
        while (!waiting.isEmpty()) {
            waiting.removeIf(m -> probe.status(m.health()) == 200);
            for (Member m : waiting) {
                if (!m.child().isAlive()) {
                    throw new IllegalStateException(
                            m.name() + " exited during start; see " + m.child().log());
                }
            }
            if (!waiting.isEmpty() && Instant.now().isAfter(deadline)) {
                throw new IllegalStateException("not healthy within " + Probe.START_TIMEOUT + ": "
                        + waiting.stream().map(Member::name).toList());
            }
            if (!waiting.isEmpty()) {
                Probe.pause();
            }
        }
    }

    /** Starts a member again (after a kill or stop) and waits until it is healthy. */
    public void restart(Member member) throws IOException, InterruptedException {
        member.child().start();
        awaitHealthy(List.of(member));
    }

    public List<Member> chunkers() {
        return List.copyOf(chunkers);
    }

    public List<Member> sinks() {
        return List.copyOf(sinks);
    }

    public List<Member> apis() {
        return List.copyOf(apis);
    }

    public List<Member> producers() {
        return List.copyOf(producers);
    }

    /** Stops every stage that started, all at once, producers first in the list. */
    void close() {
        List<Member> stages = new ArrayList<>(producers);
        stages.addAll(apis);
        stages.addAll(sinks);
        stages.addAll(chunkers);
        stages.parallelStream().forEach(m -> m.child().stop());
    }
}

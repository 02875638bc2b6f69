package kb.tools.cluster;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import kb.infra.ElasticsearchLaunch;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.FreePorts;
import kb.infra.Infrastructure;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Elasticsearch cluster of a {@link Cluster}: data nodes and an optional master-only tiebreaker, each a child
 * process with its data under the cluster's folder, or an external Elasticsearch the layout names.
 */
public final class ElasticsearchCluster {

    private static final Logger LOG = LoggerFactory.getLogger(ElasticsearchCluster.class);
    /** The node name of the master-only Elasticsearch node; the data nodes are es-1, es-2, ... */
    public static final String TIEBREAKER = "es-tiebreaker";

    private final ClusterLayout layout;
    private final Path dataDir;
    private final Probe probe = new Probe();
    private final List<EmbeddedElasticsearch> esNodes = new ArrayList<>();
    /** The master-only Elasticsearch node, or null. */
    private EmbeddedElasticsearch tiebreaker;

    private String esUrl;

    /** Nothing starts until {@link #start}; what did start is stopped by {@link #close}, even after a failure. */
    ElasticsearchCluster(ClusterLayout layout, Path dataDir) {
        this.layout = layout;
        this.dataDir = dataDir;
    }

    /** Starts the layout's nodes (none with an external Elasticsearch) and returns once they form a cluster. */
    void start() throws IOException, InterruptedException {
        if (layout.externalEs() != null) {
            esUrl = layout.externalEs();
            return;
        }
        int n = layout.esNodes() + (layout.esTiebreaker() ? 1 : 0);
        int[] http = new int[n];
        int[] transport = new int[n];
        for (int i = 0; i < n; i++) {
            http[i] = FreePorts.pick();
            transport[i] = FreePorts.pick();
        }
        String seeds = Arrays.stream(transport).mapToObj(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
        for (int i = 0; i < n; i++) {
            boolean tiebreaker = i == layout.esNodes();
            String name = tiebreaker ? TIEBREAKER : "es-" + (i + 1);
            List<String> settings = new ArrayList<>(List.of(
                    "cluster.name=kb-cluster",
                    "node.name=" + name,
                    "transport.port=" + transport[i],
                    "discovery.seed_hosts=" + seeds,
                    "cluster.initial_master_nodes=es-1"));
            if (tiebreaker) {
                settings.add("node.roles=master"); // a vote, no shards: it keeps a majority when a data node dies
            }
            // The first node bootstraps the cluster alone; the others join it through the seed hosts, so they
            // can start one after the other.
            EmbeddedElasticsearch node = EmbeddedElasticsearch.start(ElasticsearchLaunch.of(
                            Infrastructure.distributionZip(), dataDir.resolve(name), tiebreaker ? "256m" : "512m")
                    .onPort(http[i])
                    .asNode(settings, false));
            if (tiebreaker) {
                this.tiebreaker = node;
            } else {
                esNodes.add(node);
            }
        }
        // Clients talk to the data nodes only: the tiebreaker holds no shards.
        esUrl = esNodes.stream().map(EmbeddedElasticsearch::url).collect(Collectors.joining(","));
        awaitNodes(n);
    }

    /** Waits until {@code count} nodes are in the cluster (asked of every node in turn). */
    public void awaitNodes(int count) throws InterruptedException {
        Instant deadline = Instant.now().plus(Probe.START_TIMEOUT);
        while (Instant.now().isBefore(deadline)) {
            for (String node : esUrl.split(",")) {
                if (probe.status(URI.create(node + "/_cluster/health?wait_for_nodes=" + count + "&timeout=2s"))
                        == 200) {
                    return;
                }
            }
            Probe.pause();
        }
        throw new IllegalStateException(
                count + " Elasticsearch nodes did not form a cluster within " + Probe.START_TIMEOUT);
    }

    /** The data nodes, es-1 first. */
    public List<EmbeddedElasticsearch> dataNodes() {
        return List.copyOf(esNodes);
    }

    /** Every Elasticsearch node there is: the data nodes and the tiebreaker. */
    public int nodeCount() {
        return esNodes.size() + (tiebreaker == null ? 0 : 1);
    }

    /** The data nodes' addresses, comma-separated, or the external Elasticsearch; null before {@link #start}. */
    public String url() {
        return esUrl;
    }

    /** Stops every node that started, the tiebreaker last. */
    void close() {
        List<EmbeddedElasticsearch> nodes = new ArrayList<>(esNodes);
        if (tiebreaker != null) {
            nodes.add(tiebreaker);
        }
        for (EmbeddedElasticsearch node : nodes) {
            try {
                node.close();
            } catch (RuntimeException e) {
                LOG.warn("error while stopping Elasticsearch", e);
            }
        }
    }
}

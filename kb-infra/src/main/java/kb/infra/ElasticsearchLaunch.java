package kb.infra;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

/**
 * What one embedded Elasticsearch node is started with ({@link EmbeddedElasticsearch#start(ElasticsearchLaunch)}):
 * a single node on a free port by default, changed by the {@code with} methods.
 *
 * @param zip           the distribution ({@code org.elasticsearch.distribution.integ-test-zip:elasticsearch:zip})
 * @param root          folder for the instance's config, data, logs and temp files (the distribution itself is
 *                      shared: {@link DistributionCache})
 * @param heap          {@code -Xms} and {@code -Xmx}, e.g. {@code 512m}
 * @param ports         where the HTTP port comes from; a port taken between its pick and Elasticsearch's bind
 *                      ({@code BindHttpException}) is asked for again, up to {@value FreePorts#ATTEMPTS} times
 * @param nodeSettings  the cluster's and node's names, and for one node of several its transport port and how it
 *                      finds the others ({@code discovery.seed_hosts}, {@code cluster.initial_master_nodes})
 * @param restartOnExit false when someone else decides about restarts (a drill that killed the node on purpose)
 * @param settings      where {@code KB_ES_JAVA_OPTS} and {@code KB_CACHE_DIR} are read: the environment, or what
 *                      {@code kb up} resolved from its settings file, the environment and its flags
 */
public record ElasticsearchLaunch(
        Path zip,
        Path root,
        String heap,
        IntSupplier ports,
        List<String> nodeSettings,
        boolean restartOnExit,
        Map<String, String> settings) {

    static final List<String> SINGLE_NODE =
            List.of("discovery.type=single-node", "cluster.name=kb-local", "node.name=kb-local");

    public ElasticsearchLaunch {
        nodeSettings = List.copyOf(nodeSettings);
    }

    /** A single node on a free port, restarted when it dies, reading its settings from the environment. */
    public static ElasticsearchLaunch of(Path zip, Path root, String heap) {
        return new ElasticsearchLaunch(zip, root, heap, FreePorts::pick, SINGLE_NODE, true, System.getenv());
    }

    /** A fixed port, so a restart over the same folder is the same node at the same URL. */
    public ElasticsearchLaunch onPort(int httpPort) {
        return withPorts(() -> httpPort);
    }

    public ElasticsearchLaunch withPorts(IntSupplier from) {
        return new ElasticsearchLaunch(zip, root, heap, from, nodeSettings, restartOnExit, settings);
    }

    public ElasticsearchLaunch withSettings(Map<String, String> resolved) {
        return new ElasticsearchLaunch(zip, root, heap, ports, nodeSettings, restartOnExit, resolved);
    }

    /** One node of a cluster, named and wired by {@code node}. */
    public ElasticsearchLaunch asNode(List<String> node, boolean restartWhenItDies) {
        return new ElasticsearchLaunch(zip, root, heap, ports, node, restartWhenItDies, settings);
    }
}

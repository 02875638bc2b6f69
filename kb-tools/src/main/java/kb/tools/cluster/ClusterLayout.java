package kb.tools.cluster;

import java.util.List;
import java.util.Map;
import kb.local.verify.Folder;

/**
 * How many of each process a loopback cluster runs, and how the topics and indexes are laid out on them.
 *
 * @param brokers       KRaft nodes (broker and controller each)
 * @param esNodes       Elasticsearch data nodes; 0 with {@code externalEs}
 * @param esTiebreaker  one more Elasticsearch node, master-eligible only (no data): with two data nodes alone only
 *                      one of them can hold the vote, and losing that one would stop every write
 * @param externalEs    an Elasticsearch to use instead of starting nodes, or null
 * @param folders       one ingest producer per folder
 * @param partitions    {@code KB_TOPIC_PARTITIONS}: up to this many chunkers and sinks share the work
 * @param replication   {@code KB_TOPIC_REPLICATION}
 * @param apiPort       the first query API's port; the next ones follow
 * @param env           more settings for every service (e.g. topic and index prefixes)
 */
public record ClusterLayout(
        int brokers,
        int esNodes,
        boolean esTiebreaker,
        String externalEs,
        int chunkers,
        int sinks,
        int apis,
        List<Folder> folders,
        int partitions,
        int replication,
        int esShards,
        int esReplicas,
        int apiPort,
        Map<String, String> env) {

    public ClusterLayout {
        folders = List.copyOf(folders);
        env = Map.copyOf(env);
        if (brokers < 1 || chunkers < 1 || sinks < 1 || apis < 1 || folders.isEmpty()) {
            throw new IllegalArgumentException("a cluster needs at least one broker, chunker, sink, API and folder");
        }
        if (externalEs == null && esNodes < 1) {
            throw new IllegalArgumentException("a cluster needs an Elasticsearch node or an external Elasticsearch");
        }
        if (replication > brokers) {
            throw new IllegalArgumentException("replication " + replication + " needs as many brokers, not " + brokers);
        }
    }

    /**
     * The cluster: 3 brokers (replication 3, min.insync.replicas 2), 2 Elasticsearch data nodes (2 shards, 1
     * replica each) and a master-only tiebreaker, 2 chunkers, 2 sinks, 2 APIs, 4 partitions (2 per chunker and per
     * sink).
     */
    public static ClusterLayout standard(List<Folder> folders, int apiPort) {
        return new ClusterLayout(3, 2, true, null, 2, 2, 2, folders, 4, 3, 2, 1, apiPort, Map.of());
    }

    /** The same cluster over other folders. */
    public ClusterLayout withFolders(List<Folder> other) {
        return new ClusterLayout(
                brokers,
                esNodes,
                esTiebreaker,
                externalEs,
                chunkers,
                sinks,
                apis,
                other,
                partitions,
                replication,
                esShards,
                esReplicas,
                apiPort,
                env);
    }
}

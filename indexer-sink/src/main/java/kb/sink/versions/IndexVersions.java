package kb.sink.versions;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.io.IOException;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.ReindexControl;
import kb.core.ReindexStatus;
import kb.search.es.ChunkQueries;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which index version is served and which one the sink writes: the same one, except while a new version (a
 * mapping or model change found at start, or {@link #requestReindex()}) is built by replaying the compacted
 * topic from the beginning into it while queries keep using the old one. Once the replay has caught up, both
 * aliases swap in one call and the old version is dropped.
 */
public final class IndexVersions implements ReindexControl {

    private static final Logger LOG = LoggerFactory.getLogger(IndexVersions.class);

    private final ElasticsearchClient client;
    private final IndexLayout layout;
    private final AtomicBoolean reindexRequested = new AtomicBoolean();
    private volatile IndexVersion serving;
    private volatile IndexVersion target;
    private volatile ReindexStatus reindex;

    private final boolean forceReindex;
    private final String topic;

    public IndexVersions(ElasticsearchClient client, IndexLayout layout, boolean forceReindex, String topic) {
        this.client = client;
        this.layout = layout;
        this.forceReindex = forceReindex;
        this.topic = topic;
    }

    /**
     * Serve what the alias points at (creating the first version on a new cluster); build a new version when it has
     * another mapping, model or vector index, or resume the reindex a stop interrupted.
     */
    public void open() throws IOException {
        Optional<IndexVersion> current = layout.current();
        if (current.isEmpty()) {
            serving = layout.create(1);
            layout.promote(serving, null);
            target = serving;
        } else if (layout.isCurrentFormat(current.get()) && !forceReindex) {
            serving = current.get();
            layout.addStateFields(serving);
            target = serving;
            resumeOrForget();
        } else {
            serving = current.get();
            target = layout.create(serving.number() + 1);
            reindex = new ReindexStatus(
                    "migration-v" + target.number(),
                    ReindexStatus.State.RUNNING,
                    0,
                    documentCount(serving),
                    target.number());
            layout.recordReindex(target, reindex.id());
            LOG.info(
                    "version {} has another mapping, model or vector index:" + " building version {} by replaying {}",
                    serving.number(),
                    target.number(),
                    topic);
        }
    }

    /**
     * A reindex the last run finished still answers for its id; one a crash interrupted resumes: its version's
     * consumer group continues from its committed offsets. A next version that no reindex claims is dropped.
     */
    private void resumeOrForget() throws IOException {
        String finished = layout.reindexOf(serving);
        if (finished != null) {
            reindex = new ReindexStatus(
                    finished,
                    ReindexStatus.State.DONE,
                    documentCount(serving),
                    documentCount(serving),
                    serving.number());
        }
        IndexVersion next = layout.version(serving.number() + 1);
        if (!layout.exists(next)) {
            return;
        }
        String interrupted = layout.reindexOf(next);
        if (interrupted == null || !layout.isCurrentFormat(next)) {
            layout.drop(next);
            return;
        }
        target = layout.create(next.number());
        reindex =
                new ReindexStatus(interrupted, ReindexStatus.State.RUNNING, 0, documentCount(serving), target.number());
        LOG.info("reindex {} was interrupted: resuming version {}", interrupted, target.number());
    }

    public IndexVersion serving() {
        return serving;
    }

    /** The version the sink writes (the served one, or the one being built). */
    public IndexVersion target() {
        return target;
    }

    public boolean migrating() {
        return target.number() != serving.number();
    }

    /** Starts building a new index version from the topic (a no-op while one is being built). */
    @Override
    public synchronized ReindexStatus requestReindex() {
        ReindexStatus current = reindex;
        if (current != null && current.state() == ReindexStatus.State.RUNNING) {
            return current;
        }
        reindex = new ReindexStatus(
                UUID.randomUUID().toString(), ReindexStatus.State.RUNNING, 0, 0, serving.number() + 1);
        reindexRequested.set(true);
        return reindex;
    }

    /** While running, the documents done are those the version being built holds (a replay applies many versions of one). */
    @Override
    public Optional<ReindexStatus> reindexStatus(String id) {
        ReindexStatus current = reindex;
        if (current == null || !current.id().equals(id)) {
            return Optional.empty();
        }
        if (current.state() != ReindexStatus.State.RUNNING || !migrating()) {
            return Optional.of(current);
        }
        try {
            long done = client.count(c -> c.index(target.docsIndex())).count();
            return Optional.of(new ReindexStatus(
                    current.id(), current.state(), done, current.documentsTotal(), current.version()));
        } catch (IOException | RuntimeException e) {
            return Optional.of(current);
        }
    }

    /** @return whether a reindex was requested since the last call */
    public boolean takeReindexRequest() {
        return reindexRequested.getAndSet(false);
    }

    /** Creates the next version and makes it the target; the caller replays the topic into it. */
    public IndexVersion startReindex() throws IOException {
        target = layout.create(serving.number() + 1);
        layout.recordReindex(target, reindex.id());
        reindex = new ReindexStatus(
                reindex.id(), ReindexStatus.State.RUNNING, 0, documentCount(serving), target.number());
        LOG.info("reindex {}: building version {} from the beginning of the topic", reindex.id(), target.number());
        return target;
    }

    /**
     * Whether every chunk in the version being built has its vector: a model change re-embeds everything, and
     * the old version keeps serving until that is done.
     */
    public boolean targetComplete() throws IOException {
        return awaitingVectors(target) == 0;
    }

    /** The version being built (caught up and complete) becomes the served one; the old one is dropped. */
    public void promote() throws IOException {
        IndexVersion previous = serving;
        layout.promote(target, previous);
        serving = target;
        reindex = new ReindexStatus(
                reindex.id(),
                ReindexStatus.State.DONE,
                documentCount(serving),
                reindex.documentsTotal(),
                serving.number());
    }

    /**
     * Whether the served version has this release's mapping and model, so live changes can still be written to
     * it while the next one is built (a reindex); after a mapping or model change they cannot.
     */
    public boolean servedIsCurrentFormat() throws IOException {
        return layout.isCurrentFormat(serving);
    }

    private long awaitingVectors(IndexVersion version) throws IOException {
        client.indices().refresh(r -> r.index(version.chunksIndex()));
        return client.count(c -> c.index(version.chunksIndex()).query(ChunkQueries.awaitingVector()))
                .count();
    }

    private long documentCount(IndexVersion version) throws IOException {
        client.indices().refresh(r -> r.index(version.docsIndex()));
        return client.count(c -> c.index(version.docsIndex())).count();
    }
}

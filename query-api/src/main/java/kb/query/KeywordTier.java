package kb.query;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.topics.CommonConfig;
import kb.query.l0.KeywordFeed;
import kb.query.l0.KeywordIndex;
import kb.query.links.LinkGraph;

/**
 * L0 and the link graph, fed from {@code kb.documents}: they need only the broker, so kb up starts loading them
 * while Elasticsearch still boots, and the {@link QueryService} built later takes them over.
 */
public final class KeywordTier implements AutoCloseable {

    private final KeywordIndex keywords = new KeywordIndex();
    private final LinkGraph links = new LinkGraph();
    private final KeywordFeed feed;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();

    private KeywordTier(CommonConfig common) {
        this.feed = new KeywordFeed(common.bootstrapServers(), common.topics().documents(), keywords, links);
    }

    /** Not loading yet: {@link #start()} begins reading the topic. */
    public static KeywordTier following(CommonConfig common) {
        return new KeywordTier(common);
    }

    /** Begins reading the topic from its start; a second call does nothing. */
    public KeywordTier start() {
        if (started.compareAndSet(false, true)) {
            feed.start();
        }
        return this;
    }

    public boolean awaitReady(Duration timeout) throws InterruptedException {
        return feed.awaitReady(timeout);
    }

    KeywordIndex keywords() {
        return keywords;
    }

    LinkGraph links() {
        return links;
    }

    KeywordFeed feed() {
        return feed;
    }

    /** Closed by its {@link QueryService} and by whoever started it: the second close does nothing. */
    @Override
    public void close() throws InterruptedException {
        if (closed.compareAndSet(false, true)) {
            feed.close();
        }
    }
}

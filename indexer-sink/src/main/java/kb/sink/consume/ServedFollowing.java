package kb.sink.consume;

import java.io.IOException;
import java.util.function.Function;
import kb.sink.versions.IndexVersion;
import kb.sink.versions.IndexVersions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether a {@link ServedVersionFollower} keeps the served version current while a reindex builds the next one:
 * started when a reindex of the same format begins, stopped before the swap. Used on the sink's loop thread only.
 */
public final class ServedFollowing {

    private static final Logger LOG = LoggerFactory.getLogger(ServedFollowing.class);

    private final Function<IndexVersion, ServedVersionFollower> followers;
    private ServedVersionFollower follower;

    /** @param followers a new follower of the given served version */
    public ServedFollowing(Function<IndexVersion, ServedVersionFollower> followers) {
        this.followers = followers;
    }

    /** During a reindex of the same format, the served version keeps receiving live changes until the swap. */
    public void followWhileBuilding(IndexVersions versions) throws IOException {
        if (versions.migrating() && follower == null && versions.servedIsCurrentFormat()) {
            follower = followers.apply(versions.serving());
            follower.start();
        }
    }

    /** @return whether nothing writes to the served version any more */
    public boolean stop() throws InterruptedException {
        if (follower != null && !follower.stop()) {
            LOG.warn("the served version's follower has not stopped yet; the swap waits");
            return false;
        }
        follower = null;
        return true;
    }
}

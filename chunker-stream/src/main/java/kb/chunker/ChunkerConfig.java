package kb.chunker;

import java.nio.file.Path;
import kb.core.CommonConfig;
import kb.core.Settings;

/**
 * Configuration of the chunker stream.
 *
 * @param applicationId Kafka Streams application id ({@code KB_CHUNKER_APP_ID}), also its consumer group
 * @param maxChunkChars hard cap on a chunk's raw text ({@code KB_MAX_CHUNK_CHARS}, default 1200)
 * @param stateDir      Kafka Streams state folder ({@code KB_STREAMS_STATE_DIR})
 */
public record ChunkerConfig(CommonConfig common, String applicationId, int maxChunkChars, Path stateDir) {

    public ChunkerConfig {
        if (maxChunkChars < 100) {
            throw new IllegalArgumentException("KB_MAX_CHUNK_CHARS must be at least 100");
        }
    }

    public static ChunkerConfig from(Settings settings) {
        return new ChunkerConfig(
                CommonConfig.from(settings),
                settings.string("KB_CHUNKER_APP_ID", "kb-chunker"),
                settings.integer("KB_MAX_CHUNK_CHARS", 1200),
                settings.path("KB_STREAMS_STATE_DIR", Path.of(System.getProperty("java.io.tmpdir"), "kb-streams")));
    }
}

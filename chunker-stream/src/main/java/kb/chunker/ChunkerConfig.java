package kb.chunker;

import java.nio.file.Path;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.CommonConfig;

/**
 * Configuration of the chunker stream.
 *
 * @param applicationId Kafka Streams application id ({@code KB_CHUNKER_APP_ID}), also its consumer group
 * @param maxChunkChars hard cap on a chunk's raw text ({@code KB_MAX_CHUNK_CHARS}, default 1200)
 * @param stateDir      Kafka Streams state folder ({@code KB_STREAMS_STATE_DIR})
 * @param maxChunksPerDocument chunks indexed per document at most ({@code KB_MAX_CHUNKS_PER_DOCUMENT},
 *                      default 2000); the rest of a longer document is left out and reported on kb.dlq
 */
public record ChunkerConfig(
        CommonConfig common, String applicationId, int maxChunkChars, Path stateDir, int maxChunksPerDocument) {

    public static final int DEFAULT_MAX_CHUNKS_PER_DOCUMENT = KbSettings.MAX_CHUNKS_PER_DOCUMENT.fallback();

    public ChunkerConfig {
        if (maxChunkChars < 100) {
            throw new IllegalArgumentException("KB_MAX_CHUNK_CHARS must be at least 100");
        }
        if (maxChunksPerDocument < 1) {
            throw new IllegalArgumentException("KB_MAX_CHUNKS_PER_DOCUMENT must be at least 1");
        }
    }

    public ChunkerConfig(CommonConfig common, String applicationId, int maxChunkChars, Path stateDir) {
        this(common, applicationId, maxChunkChars, stateDir, DEFAULT_MAX_CHUNKS_PER_DOCUMENT);
    }

    public static ChunkerConfig from(Settings settings) {
        return new ChunkerConfig(
                CommonConfig.from(settings),
                settings.get(KbSettings.CHUNKER_APP_ID),
                settings.get(KbSettings.MAX_CHUNK_CHARS),
                settings.get(KbSettings.STREAMS_STATE_DIR),
                settings.get(KbSettings.MAX_CHUNKS_PER_DOCUMENT));
    }
}

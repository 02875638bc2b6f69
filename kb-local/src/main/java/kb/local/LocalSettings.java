package kb.local;

import java.nio.file.Path;
import java.util.Map;
import kb.core.settings.KbSettings;

/** What a pipeline in this JVM (kb up, eval, bench) takes from its folders rather than from the environment. */
final class LocalSettings {

    private LocalSettings() {}

    /** The folder to index, the API's port (0: any free one) and the Streams state, the page layouts and the producer's stamps under the data folder. */
    static Map<String, String> of(Path kbDir, Path dataDir, int apiPort) {
        return Map.of(
                KbSettings.BASE_DIR.name(), kbDir.toString(),
                KbSettings.API_PORT.name(), Integer.toString(apiPort),
                KbSettings.STREAMS_STATE_DIR.name(), dataDir.resolve("streams").toString(),
                KbSettings.PAGE_LAYOUT_DIR.name(),
                        dataDir.resolve("page-layout").toString(),
                KbSettings.PRODUCER_STATE_DIR.name(),
                        dataDir.resolve("producer").toString());
    }
}

package kb.local.options;

import java.nio.file.Path;
import java.util.Map;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import picocli.CommandLine.Option;

/**
 * {@code --data}: the data folder of a kb (broker log, Elasticsearch data, caches, and the endpoints and lock of the
 * one running on it), declared once for {@code up}, {@code config}, {@code verify} and {@code mcp} as a picocli
 * mixin. Not given, it is the setting {@code KB_DATA_DIR}, whose default is {@code ~/.kb-pipeline}.
 */
public final class DataFolderOption {

    @Option(
            names = "--data",
            paramLabel = "DATADIR",
            description = "The data folder: broker log, Elasticsearch data and caches, and where a running kb writes"
                    + " its endpoints (default ~/.kb-pipeline, env KB_DATA_DIR).")
    Path data;

    /** The folder given, or null. */
    public Path given() {
        return data;
    }

    /** The folder given, else the setting's ({@code KB_DATA_DIR} in {@code env}, else its default). */
    public Path orSetting(Map<String, String> env) {
        return data != null ? data : new Settings(env).get(KbSettings.DATA_DIR);
    }
}

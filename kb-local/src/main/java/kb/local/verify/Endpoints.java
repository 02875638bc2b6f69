package kb.local.verify;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import kb.core.settings.KbSettings;

/**
 * Where a running kb's broker, Elasticsearch and API are, written to {@code DATADIR/endpoints.properties} by
 * {@code kb up} and {@code kb cluster up}, so {@code kb verify --data DATADIR} finds services started on
 * ports nobody chose.
 *
 * @param kafka         bootstrap servers
 * @param elasticsearch one URL or several separated by commas
 * @param api           the query API(s), comma-separated
 */
public record Endpoints(String kafka, String elasticsearch, String api) {

    /** The API's address in the file (the broker's and Elasticsearch's are kept under their settings' names). */
    private static final String API_URL = "KB_API_URL";

    public static final String FILE = "endpoints.properties";

    public void write(Path dataDir) throws IOException {
        Properties properties = new Properties();
        properties.setProperty(KbSettings.KAFKA_BOOTSTRAP.name(), kafka);
        properties.setProperty(KbSettings.ES_URL.name(), elasticsearch);
        properties.setProperty(API_URL, api);
        Files.createDirectories(dataDir);
        try (Writer out = Files.newBufferedWriter(dataDir.resolve(FILE))) {
            properties.store(out, "where the running kb is (kb verify --data reads this)");
        }
    }

    public static Optional<Endpoints> read(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file)) {
            properties.load(in);
        }
        return Optional.of(new Endpoints(
                properties.getProperty(KbSettings.KAFKA_BOOTSTRAP.name()),
                properties.getProperty(KbSettings.ES_URL.name()),
                properties.getProperty(API_URL)));
    }
}

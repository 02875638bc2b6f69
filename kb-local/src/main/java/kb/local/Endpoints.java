package kb.local;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

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

    public static final String FILE = "endpoints.properties";

    public void write(Path dataDir) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("KB_KAFKA_BOOTSTRAP", kafka);
        properties.setProperty("KB_ES_URL", elasticsearch);
        properties.setProperty("KB_API_URL", api);
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
                properties.getProperty("KB_KAFKA_BOOTSTRAP"),
                properties.getProperty("KB_ES_URL"),
                properties.getProperty("KB_API_URL")));
    }
}

package kb.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The options of {@code kb up}.
 *
 * @param kbDir     knowledge-base folder ({@code --dir}, default {@code knowledge_base})
 * @param port      HTTP port of the API ({@code --port}, default 8080)
 * @param dataDir   broker log, Elasticsearch data and state ({@code --data})
 * @param kafka     external bootstrap servers ({@code --kafka} or {@code KB_KAFKA_BOOTSTRAP}); null: embedded
 * @param elasticsearch external URL ({@code --es} or {@code KB_ES_URL}); null: embedded
 * @param host      interface of the API ({@code --host} or {@code KB_API_HOST}, default 127.0.0.1)
 */
public record UpOptions(Path kbDir, int port, Path dataDir, String kafka, String elasticsearch, String host) {

    public static final String USAGE = """
            usage: kb up [--dir DIR] [--port PORT] [--host HOST] [--data DATADIR] [--kafka BOOTSTRAP] [--es URL]
              --dir    knowledge-base folder (default knowledge_base/, created when absent)
              --port   HTTP port of the API (default 8080)
              --host   interface of the API (default 127.0.0.1; another needs KB_API_TOKEN) (env KB_API_HOST)
              --data   where broker logs, Elasticsearch data and caches live (default ~/.kb-pipeline)
              --kafka  use this Kafka instead of the embedded broker (env KB_KAFKA_BOOTSTRAP)
              --es     use this Elasticsearch instead of the embedded one (env KB_ES_URL)""";

    public static UpOptions parse(List<String> args, Map<String, String> env) {
        Path dir = Path.of(env.getOrDefault("KB_BASE_DIR", "knowledge_base"));
        int port = Integer.parseInt(env.getOrDefault("KB_API_PORT", "8080"));
        Path data = Path.of(env.getOrDefault("KB_DATA_DIR",
                Path.of(System.getProperty("user.home"), ".kb-pipeline").toString()));
        String kafka = blankToNull(env.get("KB_KAFKA_BOOTSTRAP"));
        String es = blankToNull(env.get("KB_ES_URL"));
        String host = env.getOrDefault("KB_API_HOST", "127.0.0.1");
        for (int i = 0; i < args.size(); i++) {
            String flag = args.get(i);
            if (i + 1 >= args.size()) {
                throw new IllegalArgumentException("missing value after " + flag + "\n" + USAGE);
            }
            String value = args.get(++i);
            switch (flag) {
                case "--dir" -> dir = Path.of(value);
                case "--port" -> port = parsePort(value);
                case "--data" -> data = Path.of(value);
                case "--kafka" -> kafka = value;
                case "--es" -> es = value;
                case "--host" -> host = value;
                default -> throw new IllegalArgumentException("unknown option " + flag + "\n" + USAGE);
            }
        }
        if (!kb.query.WriteGuard.isLoopback(host) && blankToNull(env.get("KB_API_TOKEN")) == null) {
            throw new IllegalArgumentException("--host " + host + " listens beyond this machine: set KB_API_TOKEN so "
                    + "that uploads, deletes and reindex need it (or keep the default 127.0.0.1)");
        }
        return new UpOptions(dir.toAbsolutePath().normalize(), port, data.toAbsolutePath().normalize(), kafka, es, host);
    }

    private static int parsePort(String value) {
        try {
            int port = Integer.parseInt(value);
            if (port < 0 || port > 65535) {
                throw new IllegalArgumentException("--port must be 0-65535, got " + value);
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--port must be a number, got " + value, e);
        }
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}

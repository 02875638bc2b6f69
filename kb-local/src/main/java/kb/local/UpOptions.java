package kb.local;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import kb.core.CollectionFolder;

/**
 * The options of {@code kb up}.
 *
 * @param collections the knowledge-base folders, each its own collection ({@code --dir [NAME=]DIR}, repeatable;
 *                  default {@code knowledge_base}, or {@code KB_BASE_DIR} named by {@code KB_COLLECTION})
 * @param port      HTTP port of the API ({@code --port}, default 8080)
 * @param dataDir   broker log, Elasticsearch data and state ({@code --data})
 * @param kafka     external bootstrap servers ({@code --kafka} or {@code KB_KAFKA_BOOTSTRAP}); null: embedded
 * @param elasticsearch external URL ({@code --es} or {@code KB_ES_URL}); null: embedded
 * @param host      interface of the API ({@code --host} or {@code KB_API_HOST}, default 127.0.0.1)
 */
public record UpOptions(
        List<CollectionFolder> collections, int port, Path dataDir, String kafka, String elasticsearch, String host) {

    public static final String USAGE =
            """
            usage: kb up [--dir [NAME=]DIR]... [--port PORT] [--host HOST] [--data DATADIR] [--kafka BOOTSTRAP] [--es URL]
              --dir    knowledge-base folder (default knowledge_base/, created when absent); repeat it to watch
                       several, each its own collection, named NAME or after the folder (env KB_COLLECTION
                       names a single one)
              --port   HTTP port of the API (default 8080)
              --host   interface of the API (default 127.0.0.1; another needs KB_API_TOKEN) (env KB_API_HOST)
              --data   where broker logs, Elasticsearch data and caches live (default ~/.kb-pipeline)
              --kafka  use this Kafka instead of the embedded broker (env KB_KAFKA_BOOTSTRAP)
              --es     use this Elasticsearch instead of the embedded one (env KB_ES_URL)""";

    public static UpOptions parse(List<String> args, Map<String, String> env) {
        List<String> dirs = new java.util.ArrayList<>();
        int port = Integer.parseInt(env.getOrDefault("KB_API_PORT", "8080"));
        Path data = Path.of(env.getOrDefault(
                "KB_DATA_DIR",
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
                case "--dir" -> dirs.add(value);
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
        return new UpOptions(collections(dirs, env), port, data.toAbsolutePath().normalize(), kafka, es, host);
    }

    /**
     * {@code --dir} values as collections: {@code NAME=DIR} or a folder named after itself. None: the folder of
     * {@code KB_BASE_DIR}, named by {@code KB_COLLECTION} (which can only name a single folder).
     */
    static List<CollectionFolder> collections(List<String> dirs, Map<String, String> env) {
        String named = blankToNull(env.get("KB_COLLECTION"));
        if (named != null) {
            CollectionFolder.requireValidName(named, "KB_COLLECTION");
        }
        if (dirs.isEmpty()) {
            return List.of(CollectionFolder.of(Path.of(env.getOrDefault("KB_BASE_DIR", "knowledge_base")), named));
        }
        if (dirs.size() > 1 && named != null) {
            throw new IllegalArgumentException("KB_COLLECTION names one folder; with several --dir use --dir NAME=DIR");
        }
        List<CollectionFolder> folders = new java.util.ArrayList<>();
        for (String dir : dirs) {
            java.util.regex.Matcher withName = NAMED_DIR.matcher(dir);
            folders.add(
                    withName.matches()
                            ? CollectionFolder.of(Path.of(withName.group(2)), withName.group(1))
                            : CollectionFolder.of(Path.of(dir), named));
        }
        return CollectionFolder.distinct(folders);
    }

    /** {@code NAME=DIR}: a valid collection name before the first '='. */
    private static final java.util.regex.Pattern NAMED_DIR =
            java.util.regex.Pattern.compile("([a-z0-9][a-z0-9._-]{0,63})=(.+)");

    /** The first folder: where uploads go unless they name a collection. */
    public Path kbDir() {
        return collections.get(0).folder();
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

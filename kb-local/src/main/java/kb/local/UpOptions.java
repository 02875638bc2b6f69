package kb.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.query.api.WriteGuard;

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

    /**
     * Parses {@code kb up}'s arguments as the command line does; an unknown option or a bad combination throws
     * {@link IllegalArgumentException}.
     */
    public static UpOptions parse(List<String> args, Map<String, String> env) {
        UpFlags flags = UpFlags.parse(args);
        try {
            return UpConfig.resolve(flags, env).options();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The options given (null: not given) over the environment's settings and the defaults. */
    static UpOptions of(
            List<String> dirs, Integer port, Path data, String kafka, String es, String host, Map<String, String> env) {
        int apiPort = port != null ? port : new Settings(env).get(KbSettings.API_PORT);
        if (apiPort < 0 || apiPort > 65535) {
            throw new IllegalArgumentException("--port must be 0-65535, got " + apiPort);
        }
        Path dataDir = data != null ? data : new Settings(env).get(KbSettings.DATA_DIR);
        String apiHost = host != null ? host : new Settings(env).get(KbSettings.API_HOST);
        if (!WriteGuard.isLoopback(apiHost) && blankToNull(env.get(KbSettings.API_TOKEN.name())) == null) {
            throw new IllegalArgumentException(
                    "--host " + apiHost + " listens beyond this machine: set KB_API_TOKEN so "
                            + "that uploads, deletes and reindex need it (or keep the default 127.0.0.1)");
        }
        return new UpOptions(
                collections(dirs, env),
                apiPort,
                dataDir.toAbsolutePath().normalize(),
                kafka != null ? kafka : blankToNull(env.get(KbSettings.KAFKA_BOOTSTRAP.name())),
                es != null ? es : blankToNull(env.get(KbSettings.ES_URL.name())),
                apiHost);
    }

    /**
     * {@code --dir} values as collections: {@code NAME=DIR} or a folder named after itself. None: the folder of
     * {@code KB_BASE_DIR}, named by {@code KB_COLLECTION} (which can only name a single folder).
     */
    static List<CollectionFolder> collections(List<String> dirs, Map<String, String> env) {
        String named = blankToNull(env.get(KbSettings.COLLECTION.name()));
        if (named != null) {
            CollectionFolder.requireValidName(named, KbSettings.COLLECTION.name());
        }
        if (dirs.isEmpty()) {
            return List.of(CollectionFolder.of(new Settings(env).get(KbSettings.BASE_DIR), named));
        }
        if (dirs.size() > 1 && named != null) {
            throw new IllegalArgumentException("KB_COLLECTION names one folder; with several --dir use --dir NAME=DIR");
        }
        List<CollectionFolder> folders = new ArrayList<>();
        for (String dir : dirs) {
            folders.add(CollectionFolder.named(dir, "--dir").orElseGet(() -> CollectionFolder.of(Path.of(dir), named)));
        }
        return CollectionFolder.distinct(folders);
    }

    /** The first folder: where uploads go unless they name a collection. */
    public Path kbDir() {
        return collections.get(0).folder();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value.trim();
    }
}

package kb.ingest;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.core.topics.CommonConfig;
import kb.ingest.extract.ExtractionLimits;

/**
 * Configuration of the ingest producer, read once at start.
 *
 * @param collection   the folder watched ({@code KB_BASE_DIR}, default {@code knowledge_base}) and its collection
 *                     name ({@code KB_COLLECTION}, default derived from the folder's name)
 * @param extensions   formats ingested ({@code KB_IMPORT_EXTENSIONS}), lower case, no dots
 * @param excludes     glob patterns over relative paths that are never ingested ({@code KB_IMPORT_EXCLUDE})
 * @param maxFileBytes larger files go to the dead-letter topic ({@code KB_MAX_FILE_BYTES}, default 1 MiB)
 * @param debounce     quiet time after the last change of a file before it is read ({@code KB_DEBOUNCE})
 * @param extraction   the bounds of extracting documents that are not plain text (PDF, Office, ...)
 * @param publishing   when a send counts as failed, and how often the folder is compared with what was published
 * @param stateDir     where the folder's stamps are kept across restarts ({@code KB_PRODUCER_STATE_DIR}), or null:
 *                     a start then reads every file again
 */
public record ProducerConfig(
        CommonConfig common,
        CollectionFolder collection,
        Set<String> extensions,
        List<String> excludes,
        long maxFileBytes,
        Duration debounce,
        ExtractionLimits extraction,
        Publishing publishing,
        Path stateDir) {

    /**
     * @param timeout         a send to the broker fails after this and is retried ({@code KB_PUBLISH_TIMEOUT})
     * @param reconcilePeriod how often the folder's sizes and times are compared with the catalogue
     *                        ({@code KB_RECONCILE_PERIOD})
     */
    public record Publishing(Duration timeout, Duration reconcilePeriod) {

        static Publishing from(Settings settings) {
            return new Publishing(settings.get(KbSettings.PUBLISH_TIMEOUT), settings.get(KbSettings.RECONCILE_PERIOD));
        }
    }

    public static final List<String> DEFAULT_EXTENSIONS = KbSettings.IMPORT_EXTENSIONS.fallback();
    public static final List<String> DEFAULT_EXCLUDES = KbSettings.IMPORT_EXCLUDE.fallback();
    public static final long DEFAULT_MAX_FILE_BYTES = KbSettings.MAX_FILE_BYTES.fallback();

    public ProducerConfig {
        extensions = extensions.stream()
                .map(e -> e.toLowerCase(Locale.ROOT).replaceFirst("^\\.", ""))
                .collect(Collectors.toUnmodifiableSet());
        excludes = List.copyOf(excludes);
        if (maxFileBytes <= 0) {
            throw new IllegalArgumentException("KB_MAX_FILE_BYTES must be positive");
        }
    }

    /** The collection's folder. */
    public Path baseDir() {
        return collection.folder();
    }

    public static ProducerConfig from(Settings settings) {
        long maxFileBytes = settings.get(KbSettings.MAX_FILE_BYTES);
        return new ProducerConfig(
                CommonConfig.from(settings),
                CollectionFolder.from(settings),
                Set.copyOf(settings.get(KbSettings.IMPORT_EXTENSIONS)),
                settings.get(KbSettings.IMPORT_EXCLUDE),
                maxFileBytes,
                settings.get(KbSettings.DEBOUNCE),
                ExtractionLimits.from(settings, maxFileBytes),
                Publishing.from(settings),
                stateDir(settings.get(KbSettings.PRODUCER_STATE_DIR)));
    }

    private static Path stateDir(String setting) {
        return setting == null || setting.isBlank() ? null : Path.of(setting);
    }
}

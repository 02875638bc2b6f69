package kb.core.settings;

import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A collection: a named knowledge-base folder. Keys, document ids and reconciliation are per collection, so
 * several folders (and several producers) can share one broker and one index without withdrawing each
 * other's documents. The naming rule is defined here once.
 *
 * @param name   lower-case letters, digits, '.', '_' and '-', starting with a letter or digit (at most 64):
 *               it never contains {@link Ids#KEY_SEPARATOR}, so a file-events key splits unambiguously
 * @param folder the folder, absolute and normalised
 */
public record CollectionFolder(String name, Path folder) {

    public static final int MAX_NAME_CHARS = 64;
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
    /** The name of a folder whose own name has nothing usable in it ("/", "___"). */
    static final String FALLBACK_NAME = "kb";

    public CollectionFolder {
        name = requireValidName(name, "collection");
        folder = folder.toAbsolutePath().normalize();
    }

    /** A folder whose collection is {@code name}, or derived from the folder's own name when null or blank. */
    public static CollectionFolder of(Path folder, String name) {
        Path absolute = folder.toAbsolutePath().normalize();
        return new CollectionFolder(name == null || name.isBlank() ? nameOf(absolute) : name.strip(), absolute);
    }

    /**
     * A {@code --dir NAME=DIR} value's name and folder; empty for a plain folder. What stands before the first '=' is
     * a name unless it holds a path's '/' (a folder may have '=' in its path), and a name that breaks the naming rule
     * is refused rather than read as part of a folder.
     *
     * @param what the option that carried it, for the message
     */
    public static Optional<CollectionFolder> named(String dirArgument, String what) {
        int equals = dirArgument.indexOf('=');
        if (equals <= 0 || dirArgument.substring(0, equals).contains("/")) {
            return Optional.empty();
        }
        String name = requireValidName(dirArgument.substring(0, equals), what + " NAME=DIR");
        return Optional.of(of(Path.of(dirArgument.substring(equals + 1)), name));
    }

    public static boolean isValidName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** @param what the setting or parameter that carried the name, for the message */
    public static String requireValidName(String name, String what) {
        if (!isValidName(name)) {
            throw new IllegalArgumentException(what + " '" + name + "' is not a valid collection name: lower-case "
                    + "letters, digits, '.', '_' and '-', starting with a letter or digit, at most "
                    + MAX_NAME_CHARS + " characters");
        }
        return name;
    }

    /** The folder's name lower-cased, every run of other characters turned into '-'. */
    public static String nameOf(Path folder) {
        Path last = folder.toAbsolutePath().normalize().getFileName();
        String raw = last == null
                ? ""
                : Normalizer.normalize(last.toString(), Normalizer.Form.NFKC).toLowerCase(Locale.ROOT);
        String name = raw.replaceAll("[^a-z0-9._-]+", "-")
                .replaceAll("^[^a-z0-9]+", "")
                .replaceAll("[-.]+$", "");
        if (name.length() > MAX_NAME_CHARS) {
            name = name.substring(0, MAX_NAME_CHARS);
        }
        return isValidName(name) ? name : FALLBACK_NAME;
    }

    /**
     * The collection of one producer: {@code KB_BASE_DIR} (default {@code knowledge_base}) named by
     * {@code KB_COLLECTION} (default: derived from the folder's name). A bad name fails here, at start.
     */
    public static CollectionFolder from(Settings settings) {
        Path folder = settings.get(KbSettings.BASE_DIR);
        String name = settings.get(KbSettings.COLLECTION);
        if (name != null) {
            requireValidName(name, KbSettings.COLLECTION.name());
        }
        return of(folder, name);
    }

    /**
     * Every collection served (the query API's uploads need their folders): {@code KB_COLLECTIONS} as
     * {@code name=folder,name=folder}, else the one of {@link #from(Settings)}. The first is the default.
     */
    public static List<CollectionFolder> allFrom(Settings settings) {
        List<String> entries = settings.get(KbSettings.COLLECTIONS);
        if (entries.isEmpty()) {
            return List.of(from(settings));
        }
        List<CollectionFolder> folders = new ArrayList<>();
        for (String entry : entries) {
            int equals = entry.indexOf('=');
            if (equals <= 0 || equals == entry.length() - 1) {
                throw new IllegalArgumentException("KB_COLLECTIONS entries are name=folder, got '" + entry + "'");
            }
            String name = requireValidName(entry.substring(0, equals).strip(), KbSettings.COLLECTIONS.name());
            folders.add(of(Path.of(entry.substring(equals + 1).strip()), name));
        }
        return distinct(folders);
    }

    /** The setting {@link #allFrom(Settings)} reads back. */
    public static String setting(List<CollectionFolder> folders) {
        return String.join(
                ",", folders.stream().map(f -> f.name() + "=" + f.folder()).toList());
    }

    /** Refuses two collections of one name (their documents would share ids). */
    public static List<CollectionFolder> distinct(List<CollectionFolder> folders) {
        Map<String, CollectionFolder> byName = new LinkedHashMap<>();
        for (CollectionFolder folder : folders) {
            CollectionFolder before = byName.putIfAbsent(folder.name(), folder);
            if (before != null) {
                throw new IllegalArgumentException("folders " + before.folder() + " and " + folder.folder()
                        + " would both be collection '" + folder.name() + "': name one of them (NAME=DIR)");
            }
        }
        return List.copyOf(byName.values());
    }
}

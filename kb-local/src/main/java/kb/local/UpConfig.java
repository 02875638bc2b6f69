package kb.local;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import kb.core.settings.CollectionFolder;
import kb.core.settings.KbSettings;
import kb.core.settings.SettingLayers;
import kb.core.settings.Settings;
import kb.core.settings.SettingsFile;

/**
 * Where {@code kb up}'s settings come from, lowest first: the defaults, {@code DATADIR/settings.properties} (what
 * {@code kb calibrate --write} stores), the settings file ({@code --config}, else {@code kb.yaml} in the data folder,
 * else beside the first folder), the environment, the flags, and what kb up derives (the Streams state under the
 * data folder). {@code kb up} runs on it and {@code kb config} prints it.
 *
 * @param files the files read, in the order they were layered
 */
record UpConfig(UpOptions options, SettingLayers layers, List<Path> files) {

    static final String FILE_NAME = "kb.yaml";
    static final String PROPERTIES = "settings.properties";

    static UpConfig resolve(UpFlags flags, Map<String, String> env) throws IOException {
        SettingLayers.Layer environment = SettingLayers.Layer.environment(env);
        SettingLayers.Layer flagLayer = flags.layer();
        Map<String, String> early =
                SettingLayers.defaults().over(environment).over(flagLayer).values();
        Optional<Path> file = locate(flags.config, early, UpOptions.collections(flags.dirs, early));
        SettingLayers.Layer fileLayer = file.isPresent()
                ? SettingLayers.Layer.file(file.get(), SettingsFile.read(file.get()))
                : SettingLayers.Layer.of("no file", Map.of());
        Path dataDir = SettingLayers.defaults()
                .over(fileLayer)
                .over(environment)
                .over(flagLayer)
                .settings()
                .get(KbSettings.DATA_DIR);
        Optional<Path> properties = Optional.of(
                        dataDir.toAbsolutePath().normalize().resolve(PROPERTIES))
                .filter(Files::isRegularFile);
        SettingLayers layers = SettingLayers.defaults();
        if (properties.isPresent()) {
            layers = layers.over(SettingLayers.Layer.file(properties.get(), readProperties(properties.get())));
        }
        layers = layers.over(fileLayer).over(environment);
        UpOptions options = UpOptions.of(
                flags.dirs,
                flags.port,
                flags.pipeline.data().given(),
                flags.pipeline.services().kafka(),
                flags.pipeline.services().elasticsearch(),
                flags.host,
                layers.values());
        layers = layers.over(flagLayer).over(derived(options, !flags.dirs.isEmpty()));
        return new UpConfig(
                options,
                layers,
                Stream.of(properties, file).flatMap(Optional::stream).toList());
    }

    /**
     * {@code --config FILE} (which must exist), else the first {@code kb.yaml} of: the data folder, the folder
     * holding the first knowledge-base folder; none: no file.
     */
    static Optional<Path> locate(Path explicit, Map<String, String> early, List<CollectionFolder> folders) {
        if (explicit != null) {
            if (!Files.isRegularFile(explicit)) {
                throw new IllegalArgumentException("--config " + explicit + ": no such file");
            }
            return Optional.of(explicit.toAbsolutePath().normalize());
        }
        Path dataDir = new Settings(early).get(KbSettings.DATA_DIR);
        Path beside = folders.get(0).folder().toAbsolutePath().normalize().getParent();
        List<Path> candidates =
                new ArrayList<>(List.of(dataDir.toAbsolutePath().normalize().resolve(FILE_NAME)));
        if (beside != null) {
            candidates.add(beside.resolve(FILE_NAME));
        }
        return candidates.stream().filter(Files::isRegularFile).findFirst();
    }

    /** What kb up sets itself: the collections from {@code --dir} and the Streams state under the data folder. */
    private static SettingLayers.Layer derived(UpOptions options, boolean fromFlags) {
        Map<String, String> values = new HashMap<>();
        values.put(
                KbSettings.STREAMS_STATE_DIR.name(),
                options.dataDir().resolve("streams").toString());
        values.put(KbSettings.COLLECTIONS.name(), CollectionFolder.setting(options.collections()));
        if (fromFlags) {
            values.put(KbSettings.BASE_DIR.name(), options.kbDir().toString());
        }
        String collections = fromFlags ? "flag --dir" : "kb up: the folder of KB_BASE_DIR";
        return new SettingLayers.Layer(
                values,
                name -> name.equals(KbSettings.STREAMS_STATE_DIR.name())
                        ? "kb up: under the data folder"
                        : collections);
    }

    /** KEY=VALUE lines, as {@code kb calibrate --write} stores them. */
    private static Map<String, String> readProperties(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            properties.load(reader);
        }
        Map<String, String> values = new HashMap<>();
        properties.stringPropertyNames().forEach(name -> values.put(name, properties.getProperty(name)));
        return values;
    }
}

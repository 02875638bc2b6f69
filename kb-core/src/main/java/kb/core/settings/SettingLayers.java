package kb.core.settings;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Settings from several places, each over the ones before it (defaults, then a file, the environment, flags),
 * remembering where each value came from so {@code kb config} can say it. Immutable.
 */
public final class SettingLayers {

    /**
     * One place values come from.
     *
     * @param values the values it gives, under the settings' names
     * @param source how a value given here is described ({@code environment KB_API_PORT}), from the setting's name
     */
    public record Layer(Map<String, String> values, UnaryOperator<String> source) {

        public Layer {
            values = Map.copyOf(values);
        }

        /** Every value described alike: {@code file /x/kb.yaml}. */
        public static Layer of(String source, Map<String, String> values) {
            return new Layer(values, name -> source);
        }

        public static Layer file(Path file, Map<String, String> values) {
            return of("file " + file, values);
        }

        /** The process's environment: only the declared settings' variables, each named. */
        public static Layer environment(Map<String, String> env) {
            Map<String, String> declared = new HashMap<>();
            KbSettings.ALL.forEach(setting -> {
                String value = env.get(setting.name());
                if (value != null) {
                    declared.put(setting.name(), value);
                }
            });
            return new Layer(declared, name -> "environment " + name);
        }
    }

    /**
     * One setting in force.
     *
     * @param value  as printed ({@link Setting#shownValue(Object)})
     * @param source {@code default} or the layer that gave it
     */
    public record InForce(Setting<?> setting, String value, String source) {}

    private final List<Layer> layers;

    private SettingLayers(List<Layer> layers) {
        this.layers = List.copyOf(layers);
    }

    /** Nothing but the defaults. */
    public static SettingLayers defaults() {
        return new SettingLayers(List.of());
    }

    /** These layers with {@code layer} over them. */
    public SettingLayers over(Layer layer) {
        List<Layer> more = new ArrayList<>(layers);
        more.add(layer);
        return new SettingLayers(more);
    }

    /** The values in force, each from the topmost layer that sets it (a blank value sets nothing). */
    public Settings settings() {
        return new Settings(values());
    }

    /** {@link #settings()} as a name → value map, for what reads a map (the environment's shape). */
    public Map<String, String> values() {
        Map<String, String> merged = new HashMap<>();
        for (Layer layer : layers) {
            layer.values().forEach((name, value) -> {
                if (!value.isBlank()) {
                    merged.put(name, value);
                }
            });
        }
        return Map.copyOf(merged);
    }

    /** Where the value in force comes from: the topmost layer that sets it, else {@code default}. */
    public String sourceOf(String name) {
        for (int i = layers.size() - 1; i >= 0; i--) {
            String value = layers.get(i).values().get(name);
            if (value != null && !value.isBlank()) {
                return layers.get(i).source().apply(name);
            }
        }
        return "default";
    }

    /** Every declared setting with its value in force and its source; a bad value throws naming the setting. */
    public List<InForce> inForce() {
        Settings settings = settings();
        return KbSettings.ALL.stream()
                .map(setting ->
                        new InForce(setting, Setting.shownValue(settings.get(setting)), sourceOf(setting.name())))
                .toList();
    }
}

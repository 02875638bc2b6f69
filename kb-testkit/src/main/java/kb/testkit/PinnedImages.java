package kb.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** The container images of the versions the root pom pins, read from the build-filtered {@code versions.properties}. */
public final class PinnedImages {

    private static final Properties IMAGES = load();

    private PinnedImages() {}

    public static String kafka() {
        return IMAGES.getProperty("kafka.image");
    }

    public static String elasticsearch() {
        return IMAGES.getProperty("elasticsearch.image");
    }

    public static String jre() {
        return IMAGES.getProperty("jre.image");
    }

    /** The image the container build runs Maven in (infra/Dockerfile's first stage). */
    public static String maven() {
        return IMAGES.getProperty("maven.image");
    }

    public static String prometheus() {
        return IMAGES.getProperty("prometheus.image");
    }

    public static String grafana() {
        return IMAGES.getProperty("grafana.image");
    }

    /** Every pinned image, by the root pom's property name ({@code kafka.image}, ...). */
    public static Map<String, String> all() {
        Map<String, String> images = new TreeMap<>();
        IMAGES.stringPropertyNames().forEach(name -> images.put(name, IMAGES.getProperty(name)));
        return Collections.unmodifiableMap(images);
    }

    /** The tag of an image name ({@code apache/kafka:4.4.0} gives {@code 4.4.0}). */
    public static String tag(String image) {
        return image.substring(image.lastIndexOf(':') + 1);
    }

    private static Properties load() {
        try (InputStream in = PinnedImages.class.getResourceAsStream("versions.properties")) {
            Properties properties = new Properties();
            properties.load(in);
            return properties;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package kb.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

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

package kb.local;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.testkit.PinnedImages;
import org.junit.jupiter.api.Test;

/** infra/README.md names the versions the root pom pins (it once named Kafka 4.1 while compose ran 4.4.0). */
class InfraReadmeTest {

    /** What a product is called in prose, and the pinned image whose tag is its version. */
    private static final Map<String, String> PRODUCTS = Map.of(
            "Kafka", PinnedImages.kafka(),
            "Elasticsearch", PinnedImages.elasticsearch(),
            "Prometheus", PinnedImages.prometheus(),
            "Grafana", PinnedImages.grafana(),
            "Maven", PinnedImages.maven());

    @Test
    void shouldNameOnlyTheVersionsTheRootPomPins() throws IOException {
        String readme = Files.readString(InfraFilesTest.INFRA.resolve("README.md"));
        List<String> wrong = new ArrayList<>();
        PRODUCTS.forEach((product, image) -> {
            String version = version(image);
            Matcher named = Pattern.compile("\\b" + product + " v?([0-9]+(?:\\.[0-9]+)+)")
                    .matcher(readme);
            boolean mentioned = false;
            while (named.find()) {
                mentioned = true;
                String said = named.group(1);
                if (!(version.equals(said) || version.startsWith(said + "."))) {
                    wrong.add(product + " " + said + " (the pom pins " + version + ")");
                }
            }
            if (!mentioned) {
                wrong.add(product + " is not named with its version " + version);
            }
        });
        assertTrue(wrong.isEmpty(), "infra/README.md: " + wrong);
    }

    @Test
    void shouldListEveryImageAsPinned() throws IOException {
        String readme = Files.readString(InfraFilesTest.INFRA.resolve("README.md"));
        for (String image : PinnedImages.all().values()) {
            assertTrue(readme.contains("`" + image + "`"), "infra/README.md lists " + image);
        }
        Matcher images = Pattern.compile("`([a-z0-9./_-]+/?[a-z0-9._-]+:v?[0-9][0-9A-Za-z._-]*)`")
                .matcher(readme);
        while (images.find()) {
            String image = images.group(1);
            assertFalse(
                    !PinnedImages.all().containsValue(image) && !image.startsWith("kb-pipeline:"),
                    "infra/README.md names an image the pom does not pin: " + image);
        }
    }

    /** {@code apache/kafka:4.4.0} gives 4.4.0, {@code prom/prometheus:v3.5.0} 3.5.0, the maven image 3.9.11. */
    private static String version(String image) {
        String tag = PinnedImages.tag(image);
        String version = tag.startsWith("v") ? tag.substring(1) : tag;
        int dash = version.indexOf('-');
        return dash < 0 ? version : version.substring(0, dash);
    }
}

package kb.search.es;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.apache.http.HttpHost;
import org.junit.jupiter.api.Test;

class EsClientsTest {

    @Test
    void shouldListEveryNodeWhenTheUrlNamesSeveral() {
        HttpHost[] hosts = EsClients.hosts("http://127.0.0.1:9200, http://127.0.0.1:9201,");
        assertEquals(
                List.of("http://127.0.0.1:9200", "http://127.0.0.1:9201"),
                Arrays.stream(hosts).map(HttpHost::toURI).toList());
    }

    @Test
    void shouldKeepOneNodeWhenTheUrlNamesOne() {
        assertEquals(1, EsClients.hosts("http://localhost:9200").length);
    }
}

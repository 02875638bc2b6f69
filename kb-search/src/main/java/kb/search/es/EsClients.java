package kb.search.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import java.time.Duration;
import java.util.Arrays;
import kb.core.Json;
import org.apache.http.HttpHost;
import org.elasticsearch.client.Node;
import org.elasticsearch.client.RestClient;

/** One long-lived client per process; closing it releases its I/O threads so the JVM can exit. */
public final class EsClients {

    /** Writers (the sink's bulk requests, a reindex) may legitimately wait this long for an answer. */
    public static final Duration WRITE_CONNECT_TIMEOUT = Duration.ofSeconds(5);

    public static final Duration WRITE_SOCKET_TIMEOUT = Duration.ofSeconds(60);

    private EsClients() {}

    public static ElasticsearchClient create(String url) {
        return create(url, WRITE_CONNECT_TIMEOUT, WRITE_SOCKET_TIMEOUT);
    }

    /**
     * @param url            one URL, or several separated by commas (the nodes of a cluster): the client spreads
     *                       requests over them and retries a request on another node when one is unreachable
     * @param connectTimeout how long to wait for the TCP connection
     * @param socketTimeout  how long to wait between bytes of the answer: a hung server costs at most this
     */
    public static ElasticsearchClient create(String url, Duration connectTimeout, Duration socketTimeout) {
        RestClient rest = RestClient.builder(hosts(url))
                .setRequestConfigCallback(config -> config.setConnectTimeout((int) connectTimeout.toMillis())
                        .setSocketTimeout((int) socketTimeout.toMillis()))
                .build();
        return new ElasticsearchClient(new RestClientTransport(rest, new JacksonJsonpMapper(Json.MAPPER)));
    }

    /**
     * Points a client of {@link #create} at {@code url} from now on: a client built before its node bound its port
     * (kb up picks Elasticsearch's port ahead, and a port taken meanwhile moves it).
     */
    public static void rebind(ElasticsearchClient client, String url) {
        RestClient rest = ((RestClientTransport) client._transport()).restClient();
        rest.setNodes(Arrays.stream(hosts(url)).map(Node::new).toList());
    }

    /** {@code http://a:9200,http://b:9200} → both hosts. */
    public static HttpHost[] hosts(String urls) {
        return Arrays.stream(urls.split(","))
                .map(String::strip)
                .filter(u -> !u.isEmpty())
                .map(HttpHost::create)
                .toArray(HttpHost[]::new);
    }
}

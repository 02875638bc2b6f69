package kb.core.es;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import co.elastic.clients.json.jackson.JacksonJsonpMapper;
import co.elastic.clients.transport.rest_client.RestClientTransport;
import kb.core.Json;
import org.apache.http.HttpHost;
import org.elasticsearch.client.RestClient;

/** One long-lived client per process; closing it releases its I/O threads so the JVM can exit. */
public final class EsClients {

    private EsClients() {
    }

    public static ElasticsearchClient create(String url) {
        RestClient rest = RestClient.builder(HttpHost.create(url))
                .setRequestConfigCallback(config -> config.setConnectTimeout(5_000).setSocketTimeout(60_000))
                .build();
        return new ElasticsearchClient(new RestClientTransport(rest, new JacksonJsonpMapper(Json.MAPPER)));
    }
}

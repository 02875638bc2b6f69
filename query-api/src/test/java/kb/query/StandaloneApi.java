package kb.query;

import co.elastic.clients.elasticsearch.ElasticsearchClient;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import kb.core.runtime.Metrics;
import kb.core.settings.Settings;
import kb.core.topics.CommonConfig;
import kb.core.topics.KbTopics;
import kb.core.topics.TopicCreator;
import kb.query.config.QueryConfig;
import kb.search.es.EsClients;
import kb.testkit.SharedInfrastructure;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * The query API on its own (no producer, chunker or sink) over the shared broker, with one L0 document
 * ({@code ERR_TIMEOUT} → {@code payments/error-codes.md}) on its own topics, pointed at any Elasticsearch URL.
 */
final class StandaloneApi implements AutoCloseable {

    static final String L0_KEYWORD = "ERR_TIMEOUT";
    static final String L0_PATH = "payments/error-codes.md";

    private final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final QueryService service;
    private final ElasticsearchClient client;

    private StandaloneApi(QueryService service, ElasticsearchClient client) {
        this.service = service;
        this.client = client;
    }

    static StandaloneApi start(String elasticsearchUrl, Map<String, String> extra) throws Exception {
        String prefix = "s" + UUID.randomUUID().toString().substring(0, 8);
        String bootstrap = extra.getOrDefault(
                "KB_KAFKA_BOOTSTRAP", SharedInfrastructure.get().bootstrapServers());
        KbTopics topics = KbTopics.withPrefix(prefix + ".");
        TopicCreator.ensureTopics(new CommonConfig(bootstrap, topics));
        publishCard(bootstrap, topics);
        Map<String, String> values = new HashMap<>(Map.of(
                "KB_KAFKA_BOOTSTRAP",
                bootstrap,
                "KB_TOPIC_PREFIX",
                prefix + ".",
                "KB_INDEX_PREFIX",
                prefix,
                "KB_ES_URL",
                elasticsearchUrl,
                "KB_API_PORT",
                "0",
                "KB_BASE_DIR",
                java.nio.file.Files.createTempDirectory("kb-it-api-").toString()));
        values.putAll(extra);
        QueryConfig config = QueryConfig.from(new Settings(values));
        ElasticsearchClient client = EsClients.create(
                config.elasticsearch().url(),
                config.elasticsearch().connectTimeout(),
                config.elasticsearch().socketTimeout());
        try {
            QueryService service = new QueryService(
                            config,
                            client,
                            SharedInfrastructure.embeddings(),
                            Metrics.newRegistry(),
                            ApiHost.standalone(Set.of("md"), () -> true))
                    .start();
            if (!service.awaitL0(Duration.ofSeconds(60))) {
                throw new IllegalStateException("L0 did not load");
            }
            return new StandaloneApi(service, client);
        } catch (Exception | Error e) {
            client._transport().close();
            throw e;
        }
    }

    private static void publishCard(String bootstrap, KbTopics topics) throws Exception {
        var spec = topics.documents();
        try (var producer = new KafkaProducer<>(
                Map.<String, Object>of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap),
                spec.keySerde().serializer(),
                spec.valueSerde().serializer())) {
            String docId = kb.core.Ids.docId("kb", L0_PATH);
            producer.send(new ProducerRecord<>(
                            spec.name(),
                            docId,
                            new DocumentCard(
                                    docId,
                                    "kb",
                                    L0_PATH,
                                    "Payment error codes",
                                    List.of(L0_KEYWORD),
                                    null,
                                    "payments",
                                    "md",
                                    "h",
                                    10,
                                    1,
                                    1L,
                                    NoteMeta.NONE)))
                    .get();
        }
    }

    int port() {
        return service.port();
    }

    String base() {
        return "http://localhost:" + service.port();
    }

    HttpResponse<String> get(String pathAndQuery) throws Exception {
        return http.send(
                HttpRequest.newBuilder(URI.create(base() + pathAndQuery))
                        .timeout(Duration.ofSeconds(90))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofSeconds(90)).build(), HttpResponse.BodyHandlers.ofString());
    }

    @Override
    public void close() throws Exception {
        try {
            service.close();
        } finally {
            client._transport().close();
        }
    }
}

package kb.query.status;

import co.elastic.clients.json.JsonpMapper;
import co.elastic.clients.transport.ElasticsearchTransport;
import co.elastic.clients.transport.Endpoint;
import co.elastic.clients.transport.TransportOptions;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import org.elasticsearch.client.ResponseException;

/**
 * The query path's transport: while the probe says Elasticsearch is down, requests fail at once instead of
 * each waiting out a timeout, so L0 answers (degraded) in microseconds. A request refused or broken on I/O tells the
 * probe L1 is down at once; one that waited out its timeout, or that Elasticsearch answered with an error status,
 * only asks the probe to look now: a background task's slow or refused request (the calibrator's, the status
 * observer's) is a busy node or a young index, not an outage, unless the probe finds it so.
 */
public final class GuardedTransport implements ElasticsearchTransport {

    /** Elasticsearch was not asked (or did not answer): the caller answers from L0 or says unavailable. */
    public static final class L1UnavailableException extends IOException {
        L1UnavailableException(String detail) {
            super(detail);
        }
    }

    private final ElasticsearchTransport delegate;
    private final ElasticsearchProbe probe;

    public GuardedTransport(ElasticsearchTransport delegate, ElasticsearchProbe probe) {
        this.delegate = delegate;
        this.probe = probe;
    }

    @Override
    public <RequestT, ResponseT, ErrorT> ResponseT performRequest(
            RequestT request, Endpoint<RequestT, ResponseT, ErrorT> endpoint, TransportOptions options)
            throws IOException {
        if (!probe.isUp()) {
            throw new L1UnavailableException("Elasticsearch is unavailable: " + probe.problem());
        }
        try {
            return delegate.performRequest(request, endpoint, options);
        } catch (IOException e) {
            String reason = e.getClass().getSimpleName() + ": " + e.getMessage();
            if (ElasticsearchProbe.timedOut(e) || answered(e)) {
                probe.suspect(reason);
            } else {
                // Refused or broken connections: L1 is not answering.
                probe.markDown(reason);
            }
            throw new L1UnavailableException("Elasticsearch did not answer: " + e.getMessage());
        }
    }

    /**
     * Elasticsearch answered, with an error status: a node that answers is no outage by itself. A count on a version
     * created a moment ago answered 503 (no shard available yet) and turned every question to L0 only for a moment
     * (a reindex in QueryApiTest, clean-clone CI); the probe asks the cluster and decides.
     */
    private static boolean answered(IOException e) {
        return e instanceof ResponseException;
    }

    @Override
    public <RequestT, ResponseT, ErrorT> CompletableFuture<ResponseT> performRequestAsync(
            RequestT request, Endpoint<RequestT, ResponseT, ErrorT> endpoint, TransportOptions options) {
        if (!probe.isUp()) {
            return CompletableFuture.failedFuture(
                    new L1UnavailableException("Elasticsearch is unavailable: " + probe.problem()));
        }
        return delegate.performRequestAsync(request, endpoint, options);
    }

    @Override
    public JsonpMapper jsonpMapper() {
        return delegate.jsonpMapper();
    }

    @Override
    public TransportOptions options() {
        return delegate.options();
    }

    @Override
    public void close() throws IOException {
        delegate.close();
    }
}

package kb.sink.write;

/** Elasticsearch is overloaded (429) or unavailable: the batch must be retried, nothing committed. */
public final class RetriableWriteException extends RuntimeException {

    public RetriableWriteException(String message) {
        super(message);
    }
}

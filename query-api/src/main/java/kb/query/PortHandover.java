package kb.query;

import java.nio.channels.ServerSocketChannel;

/**
 * A listening socket that another part of the process bound and accepts on (kb up's holding server, answering
 * "starting" during the broker's and Elasticsearch's start), handed to the query API so that the port is never
 * closed in between: the API accepts on the same socket beside its first owner, then tells the owner to stop.
 */
public interface PortHandover {

    /** The bound listening socket, non-blocking (the API registers it with its own selector). */
    ServerSocketChannel channel();

    /**
     * The API accepts on {@link #channel()}: the first owner stops accepting and finishes what it accepted; the
     * socket is the API's from now on (closed when the API stops).
     */
    void apiAccepts();
}

package kb.local.options;

import picocli.CommandLine.Option;

/**
 * {@code --kafka} and {@code --es}: an external broker and Elasticsearch, declared once for the commands that take
 * them ({@code up}, {@code config}, {@code verify}, {@code eval}) as a picocli mixin. Null when not given: each
 * command says what it falls back on (the embedded ones, a running kb's endpoints, the environment).
 */
public final class ExternalServices {

    @Option(names = "--kafka", paramLabel = "BOOTSTRAP", description = "Use this Kafka instead of the embedded broker.")
    String kafka;

    @Option(names = "--es", paramLabel = "URL", description = "Use this Elasticsearch instead of the embedded one.")
    String elasticsearch;

    /** The bootstrap servers given, or null. */
    public String kafka() {
        return kafka;
    }

    /** The Elasticsearch URL given, or null. */
    public String elasticsearch() {
        return elasticsearch;
    }
}

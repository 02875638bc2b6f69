package kb.search.embed;

import java.util.List;
import java.util.stream.IntStream;

/**
 * A JVM that embeds on two daemon threads, one per model, and exits after the given milliseconds (from its start, so
 * the exit lands while a model's session is created or while a batch is embedded), as a stopped {@code kb up} does.
 */
final class EmbedUntilExit {

    private EmbedUntilExit() {}

    public static void main(String[] args) throws InterruptedException {
        long exitAfter = Long.parseLong(args[0]);
        List<String> texts = IntStream.range(0, 16)
                .mapToObj(i -> "The upstream bank API did not answer within 30 seconds, attempt " + i)
                .toList();
        for (var space : Embeddings.load(Embeddings.BY_LANGUAGE).spaces()) {
            Thread thread = new Thread(() -> {
                while (true) {
                    space.embedder().embedPassages(texts);
                }
            });
            thread.setDaemon(true);
            thread.start();
        }
        Thread.sleep(exitAfter);
        System.exit(0);
    }
}

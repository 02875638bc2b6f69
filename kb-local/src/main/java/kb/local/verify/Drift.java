package kb.local.verify;

import java.util.ArrayList;
import java.util.List;

/**
 * How one layer (a topic, an index, the API's listing) differs from the folders.
 *
 * @param missing   expected documents the layer lacks
 * @param stale     documents the layer holds in another version (content hash, chunk set or chunk count)
 * @param extra     documents the layer holds that no folder has
 * @param duplicate a path held under more than one document, or chunks a document no longer has
 * @param examples  a few of each, for the operator
 */
public record Drift(String layer, int missing, int stale, int extra, int duplicate, List<String> examples) {

    public static final int MAX_EXAMPLES = 5;

    public int total() {
        return missing + stale + extra + duplicate;
    }

    /** Counts one layer's differences, keeping the first few of each kind as examples. */
    public static final class Counter {
        private final String layer;
        private int missing;
        private int stale;
        private int extra;
        private int duplicate;
        private final List<String> examples = new ArrayList<>();

        public Counter(String layer) {
            this.layer = layer;
        }

        public void missing(String what) {
            missing++;
            example("missing", what, missing);
        }

        public void stale(String what) {
            stale++;
            example("stale", what, stale);
        }

        public void extra(String what) {
            extra++;
            example("extra", what, extra);
        }

        public void duplicate(String what) {
            duplicate++;
            example("duplicate", what, duplicate);
        }

        private void example(String kind, String what, int count) {
            if (count <= MAX_EXAMPLES) {
                examples.add(kind + " " + what);
            }
        }

        public Drift drift() {
            return new Drift(layer, missing, stale, extra, duplicate, List.copyOf(examples));
        }
    }
}

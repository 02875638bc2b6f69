package kb.query.config;

import java.util.Locale;

/** How the arms' answers become one ranking. */
public enum FusionMethod {
    /** A document's evidence weighed: how close each arm's score is to its best, its keywords and title. */
    EVIDENCE,
    /** Weighted Reciprocal Rank Fusion of the arms' ranks. */
    RRF,
    /** A convex combination of min-max-normalised scores. */
    CONVEX;

    /** The method a {@code KB_FUSION} value or a request's {@code fusion} parameter names. */
    public static FusionMethod named(String name) {
        return valueOf(name.strip().toUpperCase(Locale.ROOT));
    }
}

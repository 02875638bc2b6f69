package kb.query.status;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A collection and its documents, as {@code /api/v1/status} and {@code /api/v1/overview} list them. */
public record CollectionCount(String name, long documents) {

    /**
     * Every collection served here or found in the index: a served folder with nothing indexed yet still shows, with
     * 0; served ones first, in their order.
     */
    public static List<CollectionCount> of(List<String> served, Map<String, Long> indexed) {
        Map<String, Long> counts = new LinkedHashMap<>();
        served.forEach(name -> counts.put(name, 0L));
        counts.putAll(indexed);
        return counts.entrySet().stream()
                .map(e -> new CollectionCount(e.getKey(), e.getValue()))
                .toList();
    }
}

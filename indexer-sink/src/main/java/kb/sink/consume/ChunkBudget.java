package kb.sink.consume;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

/**
 * Cuts a poll's records into consecutive batches of about a budget of chunks, each written and committed on
 * its own: the unit of work is the chunk (what costs time), not the document, so a few large documents do
 * not make one long batch and the index moves in small, steady steps.
 */
public final class ChunkBudget {

    private ChunkBudget() {}

    /**
     * Consecutive groups, in order, whose chunk counts add up to at most {@code budget}; an item larger than
     * the budget makes a group of its own. Items of size 0 (deletes, dead letters) ride along.
     */
    public static <T> List<List<T>> split(List<T> items, int budget, ToIntFunction<T> chunks) {
        List<List<T>> groups = new ArrayList<>();
        List<T> current = new ArrayList<>();
        int used = 0;
        for (T item : items) {
            int size = chunks.applyAsInt(item);
            if (!current.isEmpty() && used + size > budget) {
                groups.add(current);
                current = new ArrayList<>();
                used = 0;
            }
            current.add(item);
            used += size;
        }
        if (!current.isEmpty()) {
            groups.add(current);
        }
        return groups;
    }
}

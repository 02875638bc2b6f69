package kb.tools.bench;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Median and p99 of a set of measurements (milliseconds). */
public record Stats(int n, double median, double p99) {

    public static Stats of(List<Double> samples) {
        List<Double> sorted = new ArrayList<>(samples);
        Collections.sort(sorted);
        if (sorted.isEmpty()) {
            return new Stats(0, Double.NaN, Double.NaN);
        }
        return new Stats(sorted.size(), percentile(sorted, 0.50), percentile(sorted, 0.99));
    }

    private static double percentile(List<Double> sorted, double p) {
        int index = (int) Math.ceil(p * sorted.size()) - 1;
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
    }

    @Override
    public String toString() {
        return String.format("median %.3f ms, p99 %.3f ms (n=%d)", median, p99, n);
    }
}

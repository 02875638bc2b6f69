package kb.tools.bench;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * One figure of issue 41 with its goal: what {@code kb bench} prints against the goal and appends to the figure's
 * history in docs/benchmarks.md.
 *
 * @param name   what is measured, with its size (the history's table heading, so keep it stable)
 * @param value  the measurement, in {@code unit}
 * @param unit   {@code ms}, {@code s} or empty for a ratio
 * @param goal   the bound the value must meet, in {@code unit}; NaN when the figure has none
 * @param atMost whether the value must stay at or below the goal (a time) rather than reach it (a ratio)
 */
record Figure(String name, double value, String unit, double goal, boolean atMost) {

    static Figure atMost(String name, double value, String unit, double goal) {
        return new Figure(name, value, unit, goal, true);
    }

    static Figure atLeast(String name, double value, String unit, double goal) {
        return new Figure(name, value, unit, goal, false);
    }

    boolean hasGoal() {
        return !Double.isNaN(goal);
    }

    boolean met() {
        return hasGoal() && (atMost ? value <= goal : value >= goal);
    }

    String valueText() {
        return format(value);
    }

    /** {@code ≤ 50 ms}, {@code ≥ 0.9}, or a dash. */
    String goalText() {
        if (!hasGoal()) {
            return "–";
        }
        String bound = BigDecimal.valueOf(goal).stripTrailingZeros().toPlainString();
        return (atMost ? "≤ " : "≥ ") + bound + (unit.isEmpty() ? "" : " " + unit);
    }

    /** {@code met}, {@code NOT met} or a dash (no goal, or not measured). */
    String verdict() {
        if (!hasGoal() || Double.isNaN(value)) {
            return "–";
        }
        return met() ? "met" : "NOT met";
    }

    private String format(double x) {
        if (Double.isNaN(x)) {
            return "not measured";
        }
        String number = Math.abs(x) >= 100
                ? String.format(Locale.ROOT, "%,.0f", x)
                : Math.abs(x) >= 1 ? String.format(Locale.ROOT, "%.1f", x) : String.format(Locale.ROOT, "%.3f", x);
        return unit.isEmpty() ? number : number + " " + unit;
    }
}

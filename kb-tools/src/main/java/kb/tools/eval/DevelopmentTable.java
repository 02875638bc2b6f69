package kb.tools.eval;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import kb.tools.eval.ScenarioEval.SetFigures;
import kb.tools.eval.ScenarioRow.Arm;
import kb.tools.eval.ScenarioScoring.Summary;

/**
 * One line per scenario set, every figure a ranking or gate change is judged by side by side, so that a rule chosen
 * on some sets is seen on all the others in the same table: served, bm25 and vector top-1 (and whether served beats
 * its better arm by at least one), on-topic questions wrongly deflected (and how many of those an arm had right),
 * off-topic deflected, lookups right, and for sets that label PDF pages the cited page and the PDF words intact.
 */
public final class DevelopmentTable {

    private static final String ROW = "%-22s %-9s %-9s %-9s %-10s %-15s %-11s %-9s %-9s %s%n";

    private DevelopmentTable() {}

    public static void print(List<SetFigures> sets, PrintStream out) {
        out.printf("%ndevelopment table (%d sets)%n", sets.size());
        out.printf(
                ROW,
                "set",
                "served",
                "bm25",
                "vector",
                "vs arm+1",
                "wrongly defl.",
                "off-topic",
                "lookups",
                "cited",
                "words intact");
        for (SetFigures set : sets) {
            out.printf(ROW, (Object[]) cells(set));
        }
    }

    /** The cells of one set's line, in the header's order. */
    static String[] cells(SetFigures set) {
        Summary s = set.summary();
        int served = s.arms().get(Arm.SERVED).top1();
        int betterArm =
                Math.max(s.arms().get(Arm.BM25).top1(), s.arms().get(Arm.VECTOR).top1());
        return new String[] {
            s.name(),
            of(served, s.questions()),
            of(s.arms().get(Arm.BM25).top1(), s.questions()),
            of(s.arms().get(Arm.VECTOR).top1(), s.questions()),
            String.format(Locale.ROOT, "%+d", served - betterArm - 1),
            String.format(Locale.ROOT, "%d (arm %d)", s.onTopicDeflected(), s.deflectedArmRight()),
            of(s.offTopicDeflected(), s.offTopic()),
            of(s.lookupsRight(), s.lookups()),
            set.cited().map(c -> of(c.right(), c.pdfFirst())).orElse("-"),
            set.wordsIntact()
                    .map(w -> String.format(Locale.ROOT, "%.2f %%", 100 * w.share()))
                    .orElse("-")
        };
    }

    private static String of(int n, int total) {
        return n + "/" + total;
    }
}

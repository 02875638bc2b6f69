package kb.tools.eval;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import kb.tools.eval.ScenarioRow.Arm;
import kb.tools.eval.ScenarioRow.Kind;
import kb.tools.eval.ScenarioRow.Looked;
import kb.tools.eval.ScenarioRow.Searched;

/**
 * Scores scenario rows, per document: a question is right at k when one of its expected pages is among the
 * first k distinct result paths. A failed call is a wrong answer and an error.
 */
public final class ScenarioScoring {

    /** MRR is cut at this rank. */
    static final int MRR_DEPTH = 10;

    private ScenarioScoring() {}

    /**
     * @param questions questions scored (failed ones included)
     * @param mrr10     mean reciprocal rank of the first right page within the first ten
     * @param errors    failed calls, each also counted as wrong
     */
    public record ArmScore(int questions, int top1, int top3, double mrr10, int errors) {}

    /**
     * @param offTopicDeflected off-topic questions the served search answered with found=false
     * @param onTopicDeflected  questions the served search answered with found=false (wrongly)
     * @param deflectedArmRight of those, the ones where the bm25 or the vector arm had an expected page first: the
     *                          gate's own recall cost, which no ranking change can win back
     * @param lookupsRight      lookups whose primary (or, with no primary, supplement) is an expected page
     * @param lookupErrors      failed lookup calls, over every row
     * @param highConfidence    lookup answers, over every row, with confidence "high"
     * @param highConfidenceRight of those, the ones leading with an expected page (never an off-topic one)
     * @param l0Answered        questions and off-topic questions whose lookup had a primary (exact keyword) hit
     * @param l0Correct         of those, the ones whose primary is an expected page
     */
    public record Summary(
            String name,
            int questions,
            int lookups,
            int offTopic,
            Map<Arm, ArmScore> arms,
            int offTopicDeflected,
            int onTopicDeflected,
            int deflectedArmRight,
            int lookupsRight,
            int lookupErrors,
            int highConfidence,
            int highConfidenceRight,
            int l0Answered,
            int l0Correct,
            List<ScenarioRow> rows) {

        public int onTopic() {
            return questions;
        }

        /** Off-topic questions the served search did not deflect (answered, or failed). */
        public int falseFound() {
            return offTopic - offTopicDeflected;
        }

        public int falseDeflect() {
            return onTopicDeflected;
        }

        public int top1Correct() {
            return arms.get(Arm.SERVED).top1();
        }
    }

    /** 1-based rank of the first expected page among the first {@code depth} distinct paths; 0 when absent. */
    public static int rank(List<String> paths, List<String> expected, int depth) {
        List<String> distinct = paths.stream().distinct().limit(depth).toList();
        for (int i = 0; i < distinct.size(); i++) {
            if (expected.contains(distinct.get(i))) {
                return i + 1;
            }
        }
        return 0;
    }

    /** Right when the page the lookup leads with is an expected one. */
    public static boolean lookupRight(Looked lookup, List<String> expected) {
        return lookup.error() == null && lookup.answer() != null && expected.contains(lookup.answer());
    }

    public static Summary summarize(String name, List<ScenarioRow> rows) {
        Map<Arm, ArmScore> arms = new EnumMap<>(Arm.class);
        for (Arm arm : Arm.values()) {
            arms.put(
                    arm,
                    armScore(
                            rows.stream().filter(r -> r.kind() == Kind.QUESTION).toList(), arm));
        }
        int questions = 0, lookups = 0, offTopic = 0, offDeflected = 0, onDeflected = 0, armRight = 0;
        int lookupsRight = 0;
        int lookupErrors = 0, high = 0, highRight = 0, l0Answered = 0, l0Correct = 0;
        for (ScenarioRow row : rows) {
            Searched served = row.searches().get(Arm.SERVED);
            boolean deflected = served != null && served.error() == null && !served.found();
            boolean right = row.kind() != Kind.OFF_TOPIC && lookupRight(row.lookup(), row.expected());
            switch (row.kind()) {
                case QUESTION -> {
                    questions++;
                    onDeflected += deflected ? 1 : 0;
                    armRight += deflected && anArmFirst(row) ? 1 : 0;
                }
                case LOOKUP -> {
                    lookups++;
                    lookupsRight += right ? 1 : 0;
                }
                case OFF_TOPIC -> {
                    offTopic++;
                    offDeflected += deflected ? 1 : 0;
                }
            }
            lookupErrors += row.lookup().error() == null ? 0 : 1;
            if (row.lookup().highConfidence()) {
                high++;
                highRight += right ? 1 : 0;
            }
            if (row.kind() != Kind.LOOKUP && row.lookup().primary() != null) {
                l0Answered++;
                l0Correct += row.expected().contains(row.lookup().primary()) ? 1 : 0;
            }
        }
        return new Summary(
                name,
                questions,
                lookups,
                offTopic,
                arms,
                offDeflected,
                onDeflected,
                armRight,
                lookupsRight,
                lookupErrors,
                high,
                highRight,
                l0Answered,
                l0Correct,
                rows);
    }

    /** Whether the bm25 or the vector arm put an expected page first. */
    static boolean anArmFirst(ScenarioRow row) {
        return Stream.of(Arm.BM25, Arm.VECTOR)
                .map(row.searches()::get)
                .anyMatch(searched ->
                        searched != null && searched.error() == null && rank(searched.paths(), row.expected(), 1) == 1);
    }

    private static ArmScore armScore(List<ScenarioRow> questions, Arm arm) {
        int top1 = 0, top3 = 0, errors = 0;
        double mrr = 0;
        for (ScenarioRow row : questions) {
            Searched searched = row.searches().get(arm);
            if (searched == null || searched.error() != null) {
                errors++;
                continue;
            }
            int rank = rank(searched.paths(), row.expected(), MRR_DEPTH);
            top1 += rank == 1 ? 1 : 0;
            top3 += rank >= 1 && rank <= 3 ? 1 : 0;
            mrr += rank == 0 ? 0 : 1.0 / rank;
        }
        return new ArmScore(questions.size(), top1, top3, questions.isEmpty() ? 0 : mrr / questions.size(), errors);
    }
}

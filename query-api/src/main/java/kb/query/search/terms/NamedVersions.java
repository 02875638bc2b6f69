package kb.query.search.terms;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions and years a question names ({@code 6.5.0}, {@code v2.4}, {@code 2020}), and whether a document's
 * title or path carries one. A folder often keeps several versions of one document (a manual per release, a report
 * per year) whose words are nearly the same: the version asked for is then the evidence that tells them apart, and
 * people write it into file and folder names ({@code cfe-6.5.0/}, {@code DS_V2_5_1_0_TestReport.pdf},
 * {@code v2-4.md}) as often as into titles.
 *
 * @param named each version as its numbers, in the question's order
 */
public record NamedVersions(List<List<Integer>> named) {

    public static final NamedVersions NONE = new NamedVersions(List.of());

    /**
     * A dotted version (a bare number is a count, a port or a size, not a version) or a year, standing alone: not a
     * part of an address or a time ({@code 0000:41:00.0}) nor a date's year ({@code 2024-03-02}, a pasted log line's
     * stamp, the asker's data).
     */
    private static final Pattern IN_QUESTION = Pattern.compile(
            "(?<![\\w.:])[vV]?(\\d{1,4}(?:\\.\\d{1,4}){1,3}(?![\\w:]|\\.\\d)|(?:19|20)\\d{2}(?![\\w:]|[.\\-/]\\d))");
    /** Numbers that run together in a name, whatever separates them: {@code 2_5_1_0}, {@code v2-4}, {@code 6.5.0}. */
    private static final Pattern IN_NAME = Pattern.compile("\\d+(?:[._-]\\d+)*");

    public NamedVersions {
        named = List.copyOf(named);
    }

    public static NamedVersions of(String question) {
        List<List<Integer>> named = new ArrayList<>();
        Matcher m = IN_QUESTION.matcher(question);
        while (m.find()) {
            List<Integer> version = numbers(m.group(1));
            if (!isAddress(version)) {
                named.add(version);
            }
        }
        return named.isEmpty() ? NONE : new NamedVersions(named);
    }

    public boolean isEmpty() {
        return named.isEmpty();
    }

    /** Whether the text (a title, a path) writes one of the versions: its numbers in order, at the start of a run. */
    public boolean carriedBy(String text) {
        if (named.isEmpty() || text == null) {
            return false;
        }
        Matcher m = IN_NAME.matcher(text);
        while (m.find()) {
            List<Integer> run = numbers(m.group());
            if (named.stream()
                    .anyMatch(v ->
                            run.size() >= v.size() && run.subList(0, v.size()).equals(v))) {
                return true;
            }
        }
        return false;
    }

    /** Four numbers from 10 up are an IPv4 address ({@code 192.168.1.20}), not a release. */
    private static boolean isAddress(List<Integer> numbers) {
        return numbers.size() == 4 && numbers.get(0) >= 10;
    }

    private static List<Integer> numbers(String run) {
        List<Integer> numbers = new ArrayList<>();
        for (String part : run.split("[._-]")) {
            // A date's or a serial's long runs are not version numbers; read them capped rather than overflow.
            numbers.add(part.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(part));
        }
        return numbers;
    }
}

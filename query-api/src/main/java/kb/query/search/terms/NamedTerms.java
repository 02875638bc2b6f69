package kb.query.search.terms;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.query.l0.KeywordIndex;

/**
 * The specific terms of a question: the words that name a product, a standard, a setting, a version or a person,
 * found by their form alone. A folder that never mentions one of them cannot answer the question, however near its
 * other words are ("Which Kueue settings give PyTorch jobs gang admission on Kubernetes?" in a folder about
 * Kubernetes and PyTorch, but not Kueue). Pure and thread-safe.
 *
 * <p>A word is a name when it is written as one: with a capital after its first letter ({@code MAVLink},
 * {@code vLLM}, {@code GPTQ}), letters and digits together ({@code PX4}), an underscore between letters
 * ({@code min_child_weight}), or a capital where a sentence does not start ({@code Zephyr}, {@code Kotlin}). Words
 * of a pasted string (a path, an address, a password, a log's timestamp or its {@code key=value} fields, a dotted
 * module path or file name: any run of non-blanks holding {@code / \ @ ; < > | $ { } =}, a colon inside or a dot
 * between two letters or digits) are the asker's own data, not names the folder should hold, and are left out; so
 * are words that start with a digit (a hash, a pod's suffix, a time). CJK words are never names here:
 * a Chinese question's names are its Latin ones ({@code ArkTS} in {@code 鸿蒙 ArkTS 编码规范}).
 *
 * @param names     the names, as written, in order, each once
 * @param versioned each name followed by a version number ({@code VxWorks 7}, {@code Java 21}): a folder that
 *                  mentions the name but never with this version is about another version. A number of four digits
 *                  or more (a port, a year, a count) or of four parts (an address) is not a version
 */
public record NamedTerms(List<String> names, List<Versioned> versioned) {

    /** A name and the version written after it. */
    public record Versioned(String name, String version) {

        /** The phrase as written: name, a blank, version. */
        public String phrase() {
            return name + " " + version;
        }

        /** The name and version written together ({@code vxworks7}), as some folders write them. */
        public String glued() {
            return name + version;
        }
    }

    public static final NamedTerms NONE = new NamedTerms(List.of(), List.of());

    public NamedTerms {
        names = List.copyOf(names);
        versioned = List.copyOf(versioned);
    }

    /** Characters that make a run of non-blanks a pasted string rather than words. */
    private static final Pattern PASTED =
            Pattern.compile("[/\\\\@;<>|${}=]|:(?=\\S)|(?<=[\\p{L}\\p{N}])\\.(?=[\\p{L}\\p{N}])");
    /** Punctuation that may surround a word in a sentence. */
    private static final String EDGES = "\"'`“”‘’«»()[],.?!:;";
    /** Punctuation after which a capital starts a sentence (or a clause written like one). */
    private static final String SENTENCE_ENDS = ".?!:";

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}_]+");
    private static final String CJK = "[\\p{IsHan}\\p{IsHiragana}\\p{IsKatakana}\\p{IsHangul}]";
    /** Between a CJK character and a Latin one, either way round. */
    private static final Pattern SCRIPT_BOUNDARY =
            Pattern.compile("(?<=" + CJK + ")(?!" + CJK + ")|(?<!" + CJK + ")(?=" + CJK + ")");

    private static final Pattern VERSION = Pattern.compile("v?\\d{1,3}(\\.\\d+){0,2}");

    /** @param question the question's normal form ({@link QueryTerms#normalForm}) */
    public static NamedTerms of(String question) {
        Set<String> names = new LinkedHashSet<>();
        Set<Versioned> versioned = new LinkedHashSet<>();
        String[] runs = question.split("\\s+");
        boolean sentenceStart = true;
        for (int i = 0; i < runs.length; i++) {
            String run = strip(runs[i]);
            List<String> found = run.isEmpty() || PASTED.matcher(run).find() ? List.of() : namesIn(run, sentenceStart);
            names.addAll(found);
            if (!found.isEmpty() && found.get(found.size() - 1).equals(lastWord(run)) && i + 1 < runs.length) {
                String next = strip(runs[i + 1]);
                if (VERSION.matcher(next).matches()) {
                    versioned.add(new Versioned(lastWord(run), next));
                }
            }
            sentenceStart = endsSentence(runs[i]);
        }
        return new NamedTerms(new ArrayList<>(names), new ArrayList<>(versioned));
    }

    public boolean isEmpty() {
        return names.isEmpty() && versioned.isEmpty();
    }

    /**
     * The names among the words of one run ({@code scikit-learn's} is {@code scikit}, {@code learn}, {@code s}); a
     * word holding CJK is split at it, its CJK parts are left out, and a Latin part just after CJK starts a clause.
     */
    private static List<String> namesIn(String run, boolean sentenceStart) {
        List<String> out = new ArrayList<>();
        Matcher words = WORD.matcher(run);
        boolean start = sentenceStart;
        while (words.find()) {
            for (String part : SCRIPT_BOUNDARY.split(words.group())) {
                boolean cjk = firstCjk(part) >= 0;
                if (!cjk && isName(part, start)) {
                    out.add(part);
                }
                start = cjk;
            }
        }
        return out;
    }

    /** Whether a word is written as a name (see the class's comment). */
    static boolean isName(String word, boolean sentenceStart) {
        if (word.length() < 2 || !Character.isLetter(word.codePointAt(0)) || firstCjk(word) >= 0) {
            return false;
        }
        boolean capitalInside = word.substring(1).chars().anyMatch(Character::isUpperCase);
        boolean digit = word.chars().anyMatch(Character::isDigit);
        boolean underscore = word.indexOf('_') > 0 && word.indexOf('_') < word.length() - 1;
        boolean capitalised = Character.isUpperCase(word.codePointAt(0)) && !sentenceStart;
        return capitalInside || digit || underscore || capitalised;
    }

    private static String strip(String run) {
        int from = 0;
        int to = run.length();
        while (from < to && EDGES.indexOf(run.charAt(from)) >= 0) {
            from++;
        }
        while (to > from && EDGES.indexOf(run.charAt(to - 1)) >= 0) {
            to--;
        }
        return run.substring(from, to);
    }

    private static String lastWord(String run) {
        Matcher words = WORD.matcher(run);
        String last = "";
        while (words.find()) {
            last = words.group();
        }
        return last;
    }

    private static boolean endsSentence(String run) {
        String trimmed = run.replaceAll("[\"'`”’)\\]]+$", "");
        return trimmed.isEmpty()
                || SENTENCE_ENDS.indexOf(trimmed.charAt(trimmed.length() - 1)) >= 0
                || firstCjk(trimmed.substring(trimmed.offsetByCodePoints(trimmed.length(), -1))) >= 0;
    }

    private static int firstCjk(String word) {
        for (int i = 0; i < word.length(); i++) {
            if (KeywordIndex.isCjk(word.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}

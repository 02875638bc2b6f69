package kb.search.embed;

import java.util.List;
import java.util.Locale;
import kb.core.Ids;
import kb.core.settings.KbSettings;
import kb.core.settings.Settings;
import kb.search.es.ChunkFields;

/**
 * The embedding model(s) and the vector field each one fills.
 *
 * <p>By default ({@code KB_EMBEDDING_MODEL} unset or {@value #BY_LANGUAGE}) a text is embedded by the model of
 * its script: bge-small-zh-v1.5-q into {@code embedding_zh} for text in Chinese (Japanese, Korean) script,
 * bge-small-en-v1.5-q into {@code embedding} for the rest. An English model sees CJK text as little more than
 * characters (on stard-zh-dev its vectors scored nDCG@10 0.04 against the Chinese model's 0.43), and a Chinese
 * model on English pages is the same mistake the other way round, so neither model alone serves a mixed
 * knowledge base. A configured model id keeps one model for every text, in {@code embedding}.
 */
public final class Embeddings {

    /** The {@code KB_EMBEDDING_MODEL} value (also the default) that embeds each text by its script. */
    public static final String BY_LANGUAGE = "by-language";
    /** The setting that chooses the model(s). */
    public static final String MODEL_SETTING = KbSettings.EMBEDDING_MODEL.name();
    /**
     * A passage goes to the CJK model when at least one of this many letters is CJK. One ideograph carries
     * about a word, and Chinese pages hold English identifiers and code, so a page of one ideograph per eight
     * Latin letters is still Chinese prose for the Chinese model (which reads English words too).
     */
    private static final int PASSAGE_LATIN_PER_CJK = 8;
    /** A question is mostly CJK (CJK model only) when a third of its letters are (the gate's script rule). */
    private static final int QUESTION_LETTERS_PER_CJK = 3;

    private static final String KEY_SEPARATOR = ":";

    /** The writing systems the models are chosen by. */
    public enum Script {
        LATIN,
        CJK
    }

    /** One vector field and the model that fills it; {@code script} is the texts it is chosen for. */
    public record Space(Script script, String field, Embedder embedder) {}

    private final Space latin;
    private final Space cjk;

    private Embeddings(Space latin, Space cjk) {
        this.latin = latin;
        this.cjk = cjk;
    }

    /** One model for every text. */
    public static Embeddings single(Embedder embedder) {
        Space only = new Space(Script.LATIN, ChunkFields.EMBEDDING, embedder);
        return new Embeddings(only, only);
    }

    /** Text in CJK script by {@code cjk} into {@code embedding_zh}, the rest by {@code latin} into {@code embedding}. */
    public static Embeddings byLanguage(Embedder latin, Embedder cjk) {
        return new Embeddings(
                new Space(Script.LATIN, ChunkFields.EMBEDDING, latin),
                new Space(Script.CJK, ChunkFields.EMBEDDING_ZH, cjk));
    }

    /** The models a {@code KB_EMBEDDING_MODEL} value names (see {@link #setting}). */
    public static Embeddings load(String setting) {
        if (isByLanguage(setting)) {
            return byLanguage(
                    new LazyEmbedder(EmbeddingModelSpec.BGE_SMALL_EN_V15_Q),
                    new LazyEmbedder(EmbeddingModelSpec.BGE_SMALL_ZH_V15_Q));
        }
        return single(new OnnxEmbedder(EmbeddingModelSpec.byId(setting.strip())));
    }

    /**
     * {@code KB_EMBEDDING_MODEL}, validated: {@value #BY_LANGUAGE} when unset or blank, else a packaged model's id
     * (an unknown id fails here, at start, with the list of known ones).
     */
    public static String setting(Settings settings) {
        String value = settings.get(KbSettings.EMBEDDING_MODEL);
        if (isByLanguage(value)) {
            return BY_LANGUAGE;
        }
        return EmbeddingModelSpec.byId(value.strip()).id();
    }

    /** The honesty gate's starting threshold before it is calibrated on the corpus: the models' lowest. */
    public static double defaultGateMinCosine(String setting) {
        return isByLanguage(setting)
                ? Math.min(
                        EmbeddingModelSpec.BGE_SMALL_EN_V15_Q.defaultGateMinCosine(),
                        EmbeddingModelSpec.BGE_SMALL_ZH_V15_Q.defaultGateMinCosine())
                : EmbeddingModelSpec.byId(setting.strip()).defaultGateMinCosine();
    }

    private static boolean isByLanguage(String setting) {
        return setting == null
                || setting.isBlank()
                || setting.strip().toLowerCase(Locale.ROOT).equals(BY_LANGUAGE);
    }

    public boolean single() {
        return latin == cjk;
    }

    /** Recorded in the index's {@code _meta}: a change of models rebuilds the index. */
    public String id() {
        return single()
                ? latin.embedder().modelId()
                : BY_LANGUAGE + "(" + latin.embedder().modelId() + ","
                        + cjk.embedder().modelId() + ")";
    }

    /**
     * Loads every model now, by embedding a word with each: a model loaded on first use would otherwise cost
     * the first question its load time (10-16 s on a loaded 2-core machine, longer than a gateway waits).
     */
    public void warmUp() {
        spaces().forEach(space -> space.embedder().embedQuery("warm up"));
    }

    /** Every space, each once. */
    public List<Space> spaces() {
        return single() ? List.of(latin) : List.of(latin, cjk);
    }

    public Space of(Script script) {
        return script == Script.CJK ? cjk : latin;
    }

    /**
     * The embedding cache's key of a passage: the model of its space and the hash of its text. The chunk index
     * stores it with each chunk ({@code embedding_key}), so a key also tells which field holds the chunk's vector
     * ({@link #fieldOfKey}).
     */
    public static String keyOf(Space space, String passage) {
        return space.embedder().modelId() + KEY_SEPARATOR + Ids.sha256Hex(passage);
    }

    /** {@link #keyOf(Space, String)} in the space the passage is embedded in. */
    public String keyOf(String passage) {
        return keyOf(forPassage(passage), passage);
    }

    /** The vector field of a chunk stored under this key, or null for a key no model of these wrote. */
    public String fieldOfKey(String key) {
        if (key == null) {
            return null;
        }
        int end = key.lastIndexOf(KEY_SEPARATOR);
        String model = end < 0 ? key : key.substring(0, end);
        return spaces().stream()
                .filter(s -> s.embedder().modelId().equals(model))
                .map(Space::field)
                .findFirst()
                .orElse(null);
    }

    /** The one space a passage is embedded in. */
    public Space forPassage(String text) {
        Letters letters = Letters.of(text);
        return letters.cjk() > 0 && letters.cjk() * PASSAGE_LATIN_PER_CJK >= letters.other() ? cjk : latin;
    }

    /**
     * The spaces a question is searched in: a question without CJK in the Latin one; a question mostly in CJK in
     * the CJK one; a question in Latin script that names CJK words in both (each kNN is an arm of the fusion).
     */
    public List<Space> forQuery(String text) {
        Letters letters = Letters.of(text);
        if (single() || letters.cjk() == 0) {
            return List.of(latin);
        }
        return letters.mostlyCjk() ? List.of(cjk) : List.of(latin, cjk);
    }

    /**
     * A question is mostly CJK when at least a third of its letters are ideographs, kana or hangul: the rule
     * both of the model choice above and of the honesty gate's per-script threshold.
     */
    public static boolean mostlyCjk(String question) {
        return Letters.of(question).mostlyCjk();
    }

    /**
     * The other script's space for a question in Latin script, by language: Chinese pages quote English
     * identifiers, error lines and configuration, which the Chinese model reads too, and an English question
     * about them finds them only there. Searched as an arm of its own (weighted in the query API's fusion),
     * and never evidence for the gate (its cosines are not calibrated for English questions). Empty for one
     * model and for questions with CJK.
     */
    public List<Space> crossForQuery(String text) {
        if (single() || Letters.of(text).cjk() > 0) {
            return List.of();
        }
        return List.of(cjk);
    }

    /** Ideographs, kana and hangul: the scripts that do not separate words by spaces. */
    public static boolean isCjk(int codePoint) {
        Character.UnicodeScript script = Character.UnicodeScript.of(codePoint);
        return script == Character.UnicodeScript.HAN
                || script == Character.UnicodeScript.HIRAGANA
                || script == Character.UnicodeScript.KATAKANA
                || script == Character.UnicodeScript.HANGUL;
    }

    /** Letters of a text: CJK ones and all others. */
    private record Letters(int cjk, int other) {

        boolean mostlyCjk() {
            return cjk > 0 && cjk * QUESTION_LETTERS_PER_CJK >= cjk + other;
        }

        static Letters of(String text) {
            int cjk = 0;
            int other = 0;
            for (int i = 0; i < text.length(); ) {
                int c = text.codePointAt(i);
                if (isCjk(c)) {
                    cjk++;
                } else if (Character.isLetter(c)) {
                    other++;
                }
                i += Character.charCount(c);
            }
            return new Letters(cjk, other);
        }
    }
}

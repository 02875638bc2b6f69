package kb.query.search.corpus;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import kb.query.l0.KeywordIndex;
import kb.query.search.terms.CorpusStats;
import kb.query.search.terms.NamedTerms;
import kb.search.text.LexicalAnalyzer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The names of a question ({@link NamedTerms}) that the folder never mentions: a name none of whose chunks holds
 * one of its terms, read from the chunk counts that come with every question ({@link CorpusStats#termChunks}), or,
 * when every name is held, a name with a version the folder never writes together. Either makes the question one
 * the folder cannot answer, however near its other words are.
 *
 * @param terms the names as the question writes them ({@code Kueue}, {@code VxWorks 7}); empty when every name is
 *              mentioned, or when the counts could not be read (an unknown count never deflects)
 */
public record NeverMentioned(List<String> terms) {

    private static final Logger LOG = LoggerFactory.getLogger(NeverMentioned.class);

    public static final NeverMentioned NONE = new NeverMentioned(List.of());

    public NeverMentioned {
        terms = List.copyOf(terms);
    }

    /** Reads, for each name-and-version pair, whether the folder mentions it (one round trip). */
    @FunctionalInterface
    public interface Mentions {
        List<Boolean> read(List<NamedTerms.Versioned> pairs) throws IOException;
    }

    /**
     * @param corpus   the question's terms with their chunk counts; unread (Elasticsearch not asked): nothing is
     *                 never mentioned
     * @param mentions asked only when every single name is held and the question has a name with a version
     */
    public static NeverMentioned of(NamedTerms names, CorpusStats corpus, Mentions mentions) {
        return of(names, corpus, Set.of(), mentions);
    }

    /**
     * @param keywords the frontmatter keywords L0 matched for the question (normalised): a name a note carries as
     *                 a keyword is mentioned though its text may not hold it ({@code keywords: [ERR_TIMEOUT]} over
     *                 a Chinese body)
     */
    public static NeverMentioned of(NamedTerms names, CorpusStats corpus, Set<String> keywords, Mentions mentions) {
        if (!corpus.termsRead() || names.isEmpty()) {
            return NONE;
        }
        List<String> missing = names.names().stream()
                .filter(name -> !keywords.contains(KeywordIndex.normalize(name)))
                .filter(name -> neverHeld(name, corpus.termChunks()))
                .toList();
        if (!missing.isEmpty() || names.versioned().isEmpty()) {
            return new NeverMentioned(missing);
        }
        try {
            List<Boolean> mentioned = mentions.read(names.versioned());
            List<String> unversioned = new ArrayList<>();
            for (int i = 0; i < Math.min(mentioned.size(), names.versioned().size()); i++) {
                if (!mentioned.get(i)) {
                    unversioned.add(names.versioned().get(i).phrase());
                }
            }
            return new NeverMentioned(unversioned);
        } catch (IOException | RuntimeException e) {
            // An unanswered count must not turn a question away: the other evidence decides, as before.
            LOG.warn("name-and-version mentions not read, not used: {}", e.toString());
            return NONE;
        }
    }

    /**
     * Whether no chunk holds one of the name's terms (as the index analyses them). A term the counts do not list (a
     * stop word left out of the lexical query) is taken as held.
     */
    static boolean neverHeld(String name, Map<String, Long> termChunks) {
        return LexicalAnalyzer.forIndex().terms(name).stream()
                .anyMatch(term -> Long.valueOf(0).equals(termChunks.get(term)));
    }

    public boolean isEmpty() {
        return terms.isEmpty();
    }

    /** The reason a question is deflected for them, as the answer reports it. */
    public String reason() {
        return "the folder never mentions " + String.join(", ", terms);
    }
}

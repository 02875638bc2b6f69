package kb.search.es;

/** Field names of the chunk and document indexes, shared by the sink that writes and the API that reads. */
public final class ChunkFields {

    public static final String CHUNK_ID = "chunk_id";
    public static final String DOC_ID = "doc_id";
    public static final String COLLECTION = "collection";
    public static final String PATH = "path";
    public static final String TITLE = "title";
    public static final String CATEGORY = "category";
    public static final String FORMAT = "format";
    public static final String SECTION_HEADER = "section_header";
    public static final String TEXT = "text";
    public static final String ENRICHED_TEXT = "enriched_text";
    /** The enriched text's terms from {@link kb.search.text.LexicalAnalyzer#forIndex()}: what BM25 searches. */
    public static final String LEXICAL_TEXT = "lexical_text";
    /** The title's terms, likewise: the title boost's field. */
    public static final String LEXICAL_TITLE = "lexical_title";
    /**
     * The first mapping version ({@code _meta.mapping_version}) with the lexical fields: a reader serving an older
     * version (during the migration that builds the new one) searches {@link #ENRICHED_TEXT} and {@link #TITLE}.
     */
    public static final int LEXICAL_FIELDS_SINCE = 3;
    /**
     * The first mapping version with {@link #COLLECTION}: an older index is rebuilt by the migration's replay (its
     * documents carry no collection, so a collection filter would find nothing in it).
     */
    public static final int COLLECTION_FIELD_SINCE = 4;

    public static final String KEYWORDS = "keywords";
    /**
     * The first mapping version with the notes fields (tags, aliases, tag paths, properties; links on documents):
     * an older index is rebuilt by the migration's replay, or its documents would not answer tag filters.
     */
    public static final int NOTES_FIELDS_SINCE = 5;

    public static final String TAGS = "tags";
    public static final String ALIASES = "aliases";
    public static final String LINKS = "links";
    /** Tags and their ancestors in {@link kb.core.NoteFilters} form: the {@code tag=} filter's field. */
    public static final String TAG_PATHS = "tag_paths";
    /** Frontmatter {@code name:value} terms in {@link kb.core.NoteFilters} form: the {@code where=} filter's field. */
    public static final String PROPERTIES = "properties";
    /**
     * The first mapping version with {@link #LOCATION} (an object, where version 5 had two line fields): an older
     * index is rebuilt by the migration's replay, as a strict mapping refuses the object.
     */
    public static final int LOCATION_FIELD_SINCE = 6;
    /**
     * The first mapping version that keeps the vectors out of the stored {@code _source} ({@link #VECTOR_BYTES}
     * holds them for reading back): every hit's fetch parsed them only to drop them
     * (docs/reports/query-latency.md). An older index is rebuilt by the migration's replay, its vectors reused.
     */
    public static final int VECTORS_OUT_OF_SOURCE_SINCE = 7;
    /**
     * Where the chunk is in its document ({@link kb.core.Location}): unit, start, end and part, for citations
     * ({@code path:42-57}, {@code page 3}).
     */
    public static final String LOCATION = "location";
    /** The vector of a chunk embedded by the Latin-script (or the only configured) model. */
    public static final String EMBEDDING = "embedding";
    /** The vector of a chunk in CJK script, embedded by the Chinese model ({@link kb.search.embed.Embeddings}). */
    public static final String EMBEDDING_ZH = "embedding_zh";
    /**
     * A chunk's vector, whichever field holds it, as little-endian float32 bytes in a binary doc value
     * ({@link VectorBytes}): how the sink reads a stored vector back, since the vector fields are not in the stored
     * {@code _source}. Read with {@code docvalue_fields}; never returned with a hit.
     */
    public static final String VECTOR_BYTES = "vector_bytes";

    public static final String ORDINAL = "ordinal";
    public static final String EVENT_TIME = "event_time";
    public static final String INDEXED_TIME = "indexed_time";
    public static final String CONTENT = "content";

    private ChunkFields() {}
}

package kb.local.verify;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import kb.core.DocumentCard;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Ids;
import kb.core.topics.KbTopics;
import kb.ingest.ProducerConfig;
import kb.ingest.extract.Extraction;
import kb.search.es.IndexNames;

/**
 * Compares the folders with every layer the pipeline derives from them: the three compacted topics, the two
 * indexes and the query API's document listing. Each layer is compared with the folders (missing, stale,
 * extra); the chunk index and the listing are also compared with the chunk set of the current version on
 * {@code kb.chunks}.
 */
public final class Verifier {

    private final List<Folder> folders;
    private final ProducerConfig rules;
    private final String kafka;
    private final KbTopics topics;
    private final IndexSnapshot index;
    private final IndexNames indexes;
    private final ServedListing listing;
    /** Documents extracted by earlier checks, so a repeated check extracts only what changed. */
    private final Map<String, Extraction> extractions = new ConcurrentHashMap<>();

    /** @param apiUrl a query API, or null to leave the served listing out */
    public Verifier(
            List<Folder> folders,
            ProducerConfig rules,
            String kafka,
            String elasticsearch,
            IndexNames indexes,
            String apiUrl) {
        this.folders = List.copyOf(folders);
        this.rules = rules;
        this.kafka = kafka;
        this.topics = rules.common().topics();
        this.index = new IndexSnapshot(elasticsearch);
        this.indexes = indexes;
        this.listing = apiUrl == null ? null : new ServedListing(apiUrl);
    }

    public VerifyReport check() throws IOException, InterruptedException {
        ExpectedDocuments.Scan scan = ExpectedDocuments.scan(folders, rules, extractions);
        Map<String, ExpectedDocuments.Expected> expected = scan.documents();
        Map<String, FileEvent> events = TopicSnapshot.latest(kafka, topics.fileEvents());
        Map<String, DocumentChunks> chunks = TopicSnapshot.latest(kafka, topics.chunks());
        Map<String, DocumentCard> cards = TopicSnapshot.latest(kafka, topics.documents());
        List<Drift> drifts = new ArrayList<>();
        drifts.add(unreadable(scan.unreadable()));
        drifts.add(fileEvents(expected, events));
        drifts.add(hashes(
                topics.chunks().name(), expected, hashesOf(chunks, c -> c.card().contentHash())));
        drifts.add(hashes(topics.documents().name(), expected, hashesOf(cards, DocumentCard::contentHash)));
        drifts.add(docsIndex(expected));
        drifts.add(chunksIndex(expected, chunks));
        if (listing != null) {
            drifts.add(served(expected, chunks));
        }
        return new VerifyReport(expected.size(), drifts);
    }

    /** What the folders hold that can never be indexed: each is missing from every layer, so counted once here. */
    private static Drift unreadable(List<String> paths) {
        Drift.Counter counter = new Drift.Counter("folders: unreadable, or named not in UTF-8");
        paths.forEach(counter::missing);
        return counter.drift();
    }

    private static <V> Map<String, String> hashesOf(Map<String, V> values, Function<V, String> hash) {
        Map<String, String> hashes = new HashMap<>();
        values.forEach((id, value) -> hashes.put(id, hash.apply(value)));
        return hashes;
    }

    /** The file-events topic is keyed by collection and path: its doc ids come from the same rule as the folders'. */
    private Drift fileEvents(Map<String, ExpectedDocuments.Expected> expected, Map<String, FileEvent> events) {
        Map<String, String> byDoc = new HashMap<>();
        Drift.Counter counter = new Drift.Counter(topics.fileEvents().name());
        for (FileEvent event : events.values()) {
            if (event.op() == FileEvent.Op.UPSERT
                    && byDoc.put(ExpectedDocuments.docId(event.collection(), event.path()), event.sha256()) != null) {
                counter.duplicate(event.path());
            }
        }
        compare(counter, expected, byDoc);
        return counter.drift();
    }

    private static Drift hashes(
            String layer, Map<String, ExpectedDocuments.Expected> expected, Map<String, String> held) {
        Drift.Counter counter = new Drift.Counter(layer);
        compare(counter, expected, held);
        return counter.drift();
    }

    /** Missing, stale (another content hash) and extra, by doc id. */
    private static void compare(
            Drift.Counter counter, Map<String, ExpectedDocuments.Expected> expected, Map<String, String> held) {
        expected.forEach((id, doc) -> {
            String hash = held.get(id);
            if (hash == null) {
                counter.missing(doc.path());
            } else if (!hash.equals(doc.sha256())) {
                counter.stale(doc.path());
            }
        });
        held.keySet().stream().filter(id -> !expected.containsKey(id)).forEach(counter::extra);
    }

    private Drift docsIndex(Map<String, ExpectedDocuments.Expected> expected) throws IOException, InterruptedException {
        Drift.Counter counter = new Drift.Counter(indexes.docsAlias());
        Map<String, String> held = new HashMap<>();
        Set<String> files = new HashSet<>();
        for (JsonNode card :
                index.sources(indexes.docsAlias(), List.of("doc_id", "collection", "path", "content_hash"))) {
            held.put(card.path("doc_id").asText(), card.path("content_hash").asText());
            // A path is a duplicate only within its collection: two collections may each hold a README.md.
            String file = Ids.fileKey(
                    card.path("collection").asText(), card.path("path").asText());
            if (!files.add(file)) {
                counter.duplicate(file);
            }
        }
        compare(counter, expected, held);
        return counter.drift();
    }

    /**
     * Per expected document, its chunks in the index against the current version's chunk set on kb.chunks:
     * none at all is missing, some of the current ones absent is stale, ones the version lacks are duplicates
     * (left over from an earlier version, they would be found twice).
     */
    private Drift chunksIndex(Map<String, ExpectedDocuments.Expected> expected, Map<String, DocumentChunks> current)
            throws IOException, InterruptedException {
        Drift.Counter counter = new Drift.Counter(indexes.chunksAlias());
        Map<String, Set<String>> held = new HashMap<>();
        for (JsonNode chunk : index.sources(indexes.chunksAlias(), List.of("doc_id", "chunk_id"))) {
            held.computeIfAbsent(chunk.path("doc_id").asText(), id -> new HashSet<>())
                    .add(chunk.path("chunk_id").asText());
        }
        expected.forEach((id, doc) -> {
            Set<String> present = held.getOrDefault(id, Set.of());
            DocumentChunks version = current.get(id);
            if (!isCurrent(version, doc)) {
                // The topic lacks the file's version, so the index cannot hold it either.
                if (present.isEmpty()) {
                    counter.missing(doc.path());
                } else {
                    counter.stale(doc.path());
                }
                return;
            }
            Set<String> wanted = new HashSet<>();
            version.chunks().forEach(c -> wanted.add(c.chunkId()));
            if (present.isEmpty() && !wanted.isEmpty()) {
                counter.missing(doc.path());
            } else if (!present.containsAll(wanted)) {
                counter.stale(doc.path());
            }
            if (!wanted.containsAll(present)) {
                counter.duplicate(doc.path());
            }
        });
        held.keySet().stream().filter(id -> !expected.containsKey(id)).forEach(counter::extra);
        return counter.drift();
    }

    /** The topic's version of the document is the file as it is now. */
    private static boolean isCurrent(DocumentChunks version, ExpectedDocuments.Expected doc) {
        return version != null && doc.sha256().equals(version.card().contentHash());
    }

    /** What the API lists: every expected document once, with the current version's chunk count. */
    private Drift served(Map<String, ExpectedDocuments.Expected> expected, Map<String, DocumentChunks> current)
            throws IOException, InterruptedException {
        Drift.Counter counter = new Drift.Counter("api " + listing.url());
        Map<String, Integer> chunkCounts = new HashMap<>();
        Set<String> files = new HashSet<>();
        for (ServedListing.Listed doc : listing.documents()) {
            chunkCounts.put(doc.docId(), doc.chunkCount());
            String file = Ids.fileKey(doc.collection(), doc.path());
            if (!files.add(file)) {
                counter.duplicate(file);
            }
        }
        expected.forEach((id, doc) -> {
            Integer count = chunkCounts.get(id);
            DocumentChunks version = current.get(id);
            if (count == null) {
                counter.missing(doc.path());
            } else if (!isCurrent(version, doc) || count != version.chunks().size()) {
                counter.stale(doc.path());
            }
        });
        chunkCounts.keySet().stream().filter(id -> !expected.containsKey(id)).forEach(counter::extra);
        return counter.drift();
    }
}

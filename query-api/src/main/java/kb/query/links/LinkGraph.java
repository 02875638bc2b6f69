package kb.query.links;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import kb.core.DocumentCard;
import kb.query.l0.CardListener;

/**
 * The wikilink graph of every collection, kept live from the document cards: what a note links to (resolved the
 * way Obsidian resolves {@code [[links]]}, or listed as unresolved) and which notes link to it. Reads use an
 * immutable snapshot; a batch of card updates builds the next one, so an edit or a delete anywhere re-resolves
 * every link (a link to a note that appears later resolves then).
 */
public final class LinkGraph implements CardListener {

    /** What the graph keeps of a document. */
    private record Node(
            String docId, String collection, String path, String title, List<String> aliases, List<String> links) {}

    /**
     * One outgoing link.
     *
     * @param target the link's target as written
     * @param docId  the document it resolves to, or null when no document matches (unresolved)
     */
    public record Link(String target, String docId, String path, String title) {

        public boolean resolved() {
            return docId != null;
        }
    }

    /** A document that links here. */
    public record Backlink(String docId, String path, String title) {}

    /** @param links outgoing links in the note's order; @param backlinks notes linking here, by path */
    public record Links(List<Link> links, List<Backlink> backlinks) {

        public static final Links NONE = new Links(List.of(), List.of());
    }

    private final Map<String, Node> nodes = new ConcurrentHashMap<>();
    private volatile Snapshot snapshot = Snapshot.build(List.of());

    @Override
    public synchronized void put(DocumentCard card) {
        nodes.put(
                card.docId(),
                new Node(
                        card.docId(),
                        card.collection(),
                        card.path(),
                        card.title(),
                        card.notes().aliases(),
                        card.notes().links()));
    }

    @Override
    public synchronized void remove(String docId) {
        nodes.remove(docId);
    }

    @Override
    public synchronized void publish() {
        snapshot = Snapshot.build(List.copyOf(nodes.values()));
    }

    /** The document's outgoing links and backlinks; none for a document the graph does not know. */
    public Links of(String docId) {
        return snapshot.links(docId);
    }

    /** Where a link written in the given collection leads, or empty when nothing matches. */
    public Optional<String> resolve(String collection, String target) {
        return snapshot.resolve(collection, target).map(Node::docId);
    }

    private static final class Snapshot {
        private final Map<String, Node> byId = new HashMap<>();
        /** Per collection, link keys (full path, path suffixes, file name, alias) to the documents they name. */
        private final Map<String, Map<String, List<Node>>> byKey = new HashMap<>();

        private final Map<String, List<Link>> outgoing = new HashMap<>();
        private final Map<String, List<Backlink>> incoming = new HashMap<>();

        static Snapshot build(List<Node> nodes) {
            Snapshot snapshot = new Snapshot();
            nodes.forEach(snapshot::addNode);
            nodes.forEach(snapshot::linkFrom);
            snapshot.incoming.values().forEach(list -> list.sort(Comparator.comparing(Backlink::path)));
            return snapshot;
        }

        private void addNode(Node node) {
            byId.put(node.docId(), node);
            Map<String, List<Node>> keys =
                    byKey.computeIfAbsent(String.valueOf(node.collection()), c -> new HashMap<>());
            for (String key : LinkKeys.ofPath(node.path())) {
                keys.computeIfAbsent(key, k -> new ArrayList<>()).add(node);
            }
            for (String alias : node.aliases()) {
                keys.computeIfAbsent(LinkKeys.ALIAS + LinkKeys.normalize(alias), k -> new ArrayList<>())
                        .add(node);
            }
        }

        private void linkFrom(Node source) {
            Map<String, Link> links = new LinkedHashMap<>();
            for (String target : source.links()) {
                Optional<Node> found = resolve(source.collection(), target);
                links.putIfAbsent(
                        target,
                        found.map(n -> new Link(target, n.docId(), n.path(), n.title()))
                                .orElse(new Link(target, null, null, null)));
                found.filter(n -> !n.docId().equals(source.docId())).ifPresent(n -> addBacklink(n, source));
            }
            outgoing.put(source.docId(), List.copyOf(links.values()));
        }

        private void addBacklink(Node target, Node source) {
            List<Backlink> list = incoming.computeIfAbsent(target.docId(), id -> new ArrayList<>());
            if (list.stream().noneMatch(b -> b.docId().equals(source.docId()))) {
                list.add(new Backlink(source.docId(), source.path(), source.title()));
            }
        }

        /** A path-like key first (Obsidian: the note at that path, else the shortest path ending so), then an alias. */
        Optional<Node> resolve(String collection, String target) {
            Map<String, List<Node>> keys = byKey.getOrDefault(String.valueOf(collection), Map.of());
            String key = LinkKeys.ofTarget(target);
            if (key.isEmpty()) {
                return Optional.empty();
            }
            List<Node> candidates = keys.getOrDefault(key, List.of());
            if (candidates.isEmpty()) {
                candidates = keys.getOrDefault(LinkKeys.ALIAS + key, List.of());
            }
            return candidates.stream()
                    .min(Comparator.comparingInt((Node n) -> n.path().length()).thenComparing(Node::path));
        }

        Links links(String docId) {
            if (!byId.containsKey(docId)) {
                return Links.NONE;
            }
            return new Links(
                    outgoing.getOrDefault(docId, List.of()), List.copyOf(incoming.getOrDefault(docId, List.of())));
        }
    }

    /** How paths and link targets are compared: NFC, lower case, {@code /}-separated, {@code .md} optional. */
    static final class LinkKeys {

        /** Keeps alias keys apart from path keys: a note aliased {@code setup} loses to a file named setup.md. */
        static final String ALIAS = "\u0000alias:";

        private LinkKeys() {}

        /** Every way a link can name this path: the whole path and each of its trailing parts, with and without .md. */
        static List<String> ofPath(String path) {
            String full = normalize(path);
            List<String> keys = new ArrayList<>();
            for (int from = 0; from >= 0; from = nextPart(full, from)) {
                String suffix = full.substring(from);
                keys.add(suffix);
                if (suffix.endsWith(".md")) {
                    keys.add(suffix.substring(0, suffix.length() - 3));
                }
            }
            return keys;
        }

        private static int nextPart(String path, int from) {
            int slash = path.indexOf('/', from);
            return slash < 0 ? -1 : slash + 1;
        }

        static String ofTarget(String target) {
            String key = normalize(target);
            while (key.startsWith("./") || key.startsWith("/")) {
                key = key.substring(key.startsWith("/") ? 1 : 2);
            }
            return key;
        }

        static String normalize(String text) {
            return Normalizer.normalize(text.strip().replace('\\', '/'), Normalizer.Form.NFC)
                    .toLowerCase(Locale.ROOT);
        }
    }
}

package kb.query.links;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import kb.core.DocumentCard;
import kb.core.NoteMeta;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Wikilinks resolved as Obsidian resolves them, and backlinks that follow edits and deletes. */
class LinkGraphTest {

    private final LinkGraph graph = new LinkGraph();

    private static DocumentCard note(String id, String path, List<String> links, List<String> aliases) {
        return new DocumentCard(
                id,
                "kb",
                path,
                path,
                List.of(),
                null,
                null,
                "md",
                "h",
                1,
                1,
                0,
                new NoteMeta(List.of(), aliases, links, Map.of()));
    }

    @BeforeEach
    void setUp() {
        graph.put(note("setup", "Setup.md", List.of(), List.of()));
        graph.put(note("deep-setup", "projects/old/setup.md", List.of(), List.of()));
        graph.put(note("deploy", "ops/Deploy.md", List.of(), List.of("ship it")));
        graph.put(note("compose", "ops/compose.yaml", List.of(), List.of()));
        graph.put(note(
                "home",
                "home.md",
                List.of("setup", "ops/deploy", "ship it", "compose.yaml", "Missing note"),
                List.of()));
        graph.publish();
    }

    @Test
    void shouldResolveAFileNameToTheShortestPathCaseInsensitively() {
        assertEquals(Optional.of("setup"), graph.resolve("kb", "SETUP"));
        assertEquals(Optional.of("setup"), graph.resolve("kb", "setup.md"));
        assertEquals(Optional.of("deep-setup"), graph.resolve("kb", "old/setup"));
    }

    @Test
    void shouldResolveAPathAnAliasAndAFileOfAnotherFormat() {
        assertEquals(Optional.of("deploy"), graph.resolve("kb", "ops/deploy"));
        assertEquals(Optional.of("deploy"), graph.resolve("kb", "Ship It"));
        assertEquals(Optional.of("compose"), graph.resolve("kb", "compose.yaml"));
        assertEquals(Optional.empty(), graph.resolve("other", "setup"));
    }

    @Test
    void shouldListOutgoingLinksWithTheUnresolvedOnesAndBacklinks() {
        List<LinkGraph.Link> links = graph.of("home").links();
        assertEquals(
                java.util.Arrays.asList("setup", "deploy", "deploy", "compose", null),
                links.stream().map(LinkGraph.Link::docId).toList());
        assertFalse(links.get(4).resolved());
        assertEquals(
                List.of("home"),
                graph.of("deploy").backlinks().stream()
                        .map(LinkGraph.Backlink::docId)
                        .toList());
    }

    @Test
    void shouldFollowEditsAndDeletes() {
        graph.put(note("home", "home.md", List.of("Missing note"), List.of()));
        graph.put(note("missing", "notes/missing note.md", List.of(), List.of()));
        graph.remove("setup");
        graph.publish();
        assertTrue(graph.of("deploy").backlinks().isEmpty());
        assertEquals("missing", graph.of("home").links().get(0).docId());
        assertEquals(
                List.of("home"),
                graph.of("missing").backlinks().stream()
                        .map(LinkGraph.Backlink::docId)
                        .toList());
        assertEquals(LinkGraph.Links.NONE, graph.of("setup"));
    }
}

package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import kb.core.Chunk;
import kb.core.DocumentChunks;
import org.junit.jupiter.api.Test;

/** Realistic files of every format through the assembler: the sections they must produce. */
class GoldenChunkingTest {

    private final DocumentAssembler assembler = new DocumentAssembler(1200);

    static String golden(String name) throws IOException {
        try (InputStream in = GoldenChunkingTest.class.getResourceAsStream("/golden/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private DocumentChunks chunk(String path) throws IOException {
        DocumentChunks doc = assembler.assemble(
                DocumentAssemblerTest.event(path, golden(path.substring(path.lastIndexOf('/') + 1))));
        for (Chunk c : doc.chunks()) {
            assertTrue(
                    c.text().length() <= 1200,
                    path + " has a chunk of " + c.text().length());
            assertFalse(c.text().isBlank(), path + " has a blank chunk");
        }
        return doc;
    }

    private static List<String> headers(DocumentChunks doc) {
        return doc.chunks().stream().map(Chunk::sectionHeader).toList();
    }

    private static Chunk withHeader(DocumentChunks doc, String header) {
        return doc.chunks().stream()
                .filter(c -> header.equals(c.sectionHeader()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no section " + header + " in " + headers(doc)));
    }

    @Test
    void shouldSplitAComposeFileOnKeysAndOversizeServicesOnChildren() throws IOException {
        DocumentChunks doc = chunk("lab/docker-compose.yml");
        assertEquals(
                List.of(
                        "version, x-logging, services",
                        "services > gitlab",
                        "services > runner",
                        "services > postgres",
                        "services > kafkabridge",
                        "volumes, secrets"),
                headers(doc));
        Chunk gitlab = withHeader(doc, "services > gitlab");
        assertTrue(
                gitlab.text().startsWith("# GitLab CE, reachable on port 8929\n  gitlab:"),
                "comment kept with its key");
        assertTrue(gitlab.text().contains("gitlab_rails['gitlab_shell_ssh_port'] = 2224"), "original text kept");
        assertTrue(withHeader(doc, "version, x-logging, services").text().startsWith("# Home lab services."));
        assertEquals(
                "docker-compose > services > kafkabridge\n\n"
                        + withHeader(doc, "services > kafkabridge").text(),
                withHeader(doc, "services > kafkabridge").enrichedText());
    }

    @Test
    void shouldSplitPackageJsonOnTopLevelKeys() throws IOException {
        DocumentChunks doc = chunk("dash/package.json");
        assertEquals(
                List.of("name, version, description, private, scripts", "dependencies", "devDependencies", "engines"),
                headers(doc));
        assertTrue(withHeader(doc, "dependencies").text().contains("\"react\" : \"18.3.1\""));
    }

    @Test
    void shouldSplitPythonOnDefinitionsWithDecoratorsAndComments() throws IOException {
        DocumentChunks doc = chunk("scripts/backup.py");
        assertEquals(Arrays.asList(null, "Target", "run_backup", "prune", null), headers(doc));
        assertTrue(doc.chunks().get(0).text().contains("def not_a_function():"), "docstring stays in the module chunk");
        assertTrue(doc.chunks().get(0).text().contains("import subprocess"));
        assertTrue(withHeader(doc, "Target").text().startsWith("@dataclass(frozen=True)\nclass Target:"));
        assertTrue(withHeader(doc, "run_backup").text().startsWith("# Retries help when the NAS is waking up"));
        assertTrue(withHeader(doc, "prune").text().contains("def looks_like_code():"), "string content stays inside");
        assertTrue(doc.chunks().get(4).text().startsWith("if __name__ == \"__main__\":"));
    }

    @Test
    void shouldSplitALongRunbookOnHeadings() throws IOException {
        DocumentChunks doc = chunk("ops/runbook.md");
        assertEquals("Postgres Runbook", doc.card().title());
        assertEquals(null, doc.chunks().get(0).sectionHeader());
        assertEquals("Step 1: Check health", doc.chunks().get(1).sectionHeader());
        assertEquals("Step 1: Check health > Notes", doc.chunks().get(2).sectionHeader());
        List<Chunk> restore = doc.chunks().stream()
                .filter(c -> "Step 3: Restore from backup".equals(c.sectionHeader()))
                .toList();
        assertEquals(3, restore.size(), "the oversize section is split, each piece keeps its header");
        for (Chunk c : doc.chunks()) {
            long fences = c.text().lines().filter(l -> l.startsWith("```")).count();
            assertEquals(0, fences % 2, "a fence opened in a chunk is closed in it");
        }
    }
}

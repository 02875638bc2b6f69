package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kb.core.Chunk;
import kb.core.DocumentChunks;
import kb.core.FileEvent;
import kb.core.Ids;
import org.junit.jupiter.api.Test;

class DocumentAssemblerTest {

    private final DocumentAssembler assembler = new DocumentAssembler(1200);

    static final String COLLECTION = "kb";

    static FileEvent event(String path, String content) {
        return event(COLLECTION, path, content);
    }

    static FileEvent event(String collection, String path, String content) {
        int dot = path.lastIndexOf('.');
        int slash = path.indexOf('/');
        return new FileEvent(
                FileEvent.SCHEMA_VERSION,
                FileEvent.Op.UPSERT,
                collection,
                path,
                slash < 0 ? null : path.substring(0, slash),
                path.substring(dot + 1),
                content.length(),
                Ids.sha256Hex(content),
                1L,
                2L,
                content,
                null);
    }

    @Test
    void shouldEnrichSuitcaseLocksWithItsTitle() {
        DocumentChunks doc = assembler.assemble(event("Suitcase Locks.md", "Steve = 363\n"));
        Chunk chunk = doc.chunks().get(0);
        assertEquals("Steve = 363", chunk.text());
        assertEquals("Suitcase Locks\n\nSteve = 363", chunk.enrichedText());
    }

    @Test
    void shouldEnrichWithTheHeadingPathUnderTheTitle() {
        String md = "# DCG Lab Hardware\n\n## GRIMDAWN\n\n### motherboard\n\nMSI X870 Tomahawk\n";
        DocumentChunks doc = assembler.assemble(event("lab/hardware.md", md));
        Chunk chunk = doc.chunks().get(0);
        assertEquals("DCG Lab Hardware", doc.card().title());
        assertEquals("GRIMDAWN > motherboard", chunk.sectionHeader());
        assertEquals("MSI X870 Tomahawk", chunk.text());
        assertEquals("DCG Lab Hardware > GRIMDAWN > motherboard\n\nMSI X870 Tomahawk", chunk.enrichedText());
    }

    @Test
    void shouldEnrichWithTitleAloneWhenThereIsNoSection() {
        String md = "---\ntitle: Docker Tips\n---\ndbash() { docker exec -it $1 bash; }\n";
        Chunk chunk = assembler.assemble(event("docker.md", md)).chunks().get(0);
        assertEquals(null, chunk.sectionHeader());
        assertEquals("Docker Tips\n\ndbash() { docker exec -it $1 bash; }", chunk.enrichedText());
    }

    @Test
    void shouldFillTheCardFromFrontmatterAndPath() {
        String md = "---\ntitle: 支付网关错误码定义\nkeywords: [ERR_TIMEOUT, 超时, 支付网关]\nsummary: s\n---\nbody\n";
        DocumentChunks doc = assembler.assemble(event("payments/codes.md", md));
        assertEquals(Ids.docId(COLLECTION, "payments/codes.md"), doc.card().docId());
        assertEquals(List.of("ERR_TIMEOUT", "超时", "支付网关"), doc.card().keywords());
        assertEquals("payments", doc.card().category());
        assertEquals("md", doc.card().format());
        assertEquals(1, doc.card().chunkCount());
    }

    @Test
    void shouldKeepChunkIdsOfUnchangedSectionsAcrossAnEdit() {
        String before = "# Runbook\n\n## Start\n\nrun it\n\n## Stop\n\nstop it\n";
        String after = "# Runbook\n\n## Start\n\nrun it\n\n## Stop\n\nstop it gently\n";
        List<Chunk> a = assembler.assemble(event("r.md", before)).chunks();
        List<Chunk> b = assembler.assemble(event("r.md", after)).chunks();
        assertEquals(a.get(0).chunkId(), b.get(0).chunkId());
        assertNotEquals(a.get(1).chunkId(), b.get(1).chunkId());
    }

    @Test
    void shouldStillIndexADocumentWithUnclosedFrontmatter() {
        DocumentChunks doc = assembler.assemble(event("u.md", "---\ntitle: x\n\nimportant words\n"));
        assertTrue(doc.chunks().stream().anyMatch(c -> c.text().contains("important words")));
        assertEquals(List.of(), doc.card().keywords());
        assertEquals("u", doc.card().title());
    }

    /** In YAML a leading {@code ---} starts the first document: reading it as frontmatter would drop it. */
    @Test
    void shouldKeepEveryDocumentOfAYamlFileThatStartsWithASeparator() {
        DocumentChunks doc = assembler.assemble(event(
                "deploy/app.yaml", "---\ntitle: first manifest\nkind: Deployment\n---\nkind: Service\nport: 8080\n"));
        String text = String.join("\n", doc.chunks().stream().map(Chunk::text).toList());
        assertTrue(text.contains("Deployment") && text.contains("Service"), text);
        assertEquals("app", doc.card().title(), "a key of the YAML is not the document's title");
    }

    @Test
    void shouldCapEveryChunk() {
        String para = "word ".repeat(700);
        DocumentChunks doc = assembler.assemble(event("big.txt", para + "\n\n" + para));
        assertTrue(doc.chunks().size() >= 3);
        doc.chunks()
                .forEach(c -> assertTrue(
                        c.text().length() <= 1200, "chunk of " + c.text().length()));
    }
}

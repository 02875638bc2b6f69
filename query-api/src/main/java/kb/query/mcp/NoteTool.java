package kb.query.mcp;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Locale;
import kb.query.api.ApiServices;
import kb.query.api.Arguments;
import kb.query.api.SavedFiles;
import kb.query.errors.BadRequestException;

/**
 * {@code save_note}: a markdown note written into a collection's folder through the HTTP upload's guard (no escape
 * from the folder, no overwrite unless asked, the size cap), and by default answered once it is searchable, so an
 * agent that searches next finds what it wrote.
 */
final class NoteTool {

    static final String NAME = "save_note";

    private NoteTool() {}

    static SyncToolSpecification of(ApiServices services, McpJsonMapper mapper) {
        SavedFiles saved = new SavedFiles(services, Clock.systemUTC());
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name(NAME)
                .description("Write a markdown note into the knowledge base: `path` is the note's name (name.md) or "
                        + "category/name.md, relative to the collection's folder; `content` its markdown (frontmatter "
                        + "with title, tags and keywords welcome). A note of that name is replaced only with "
                        + "overwrite: true. With wait (the default) the answer comes once this version is "
                        + "searchable (searchable: true), so a search right after finds it; when the index cannot "
                        + "take it in time (KB_WRITE_WAIT), searchable: false with the reason. "
                        + DocumentTools.INDEX_NOTE)
                .inputSchema(mapper, McpTools.resource("save-note-input.json"))
                .outputSchema(mapper, McpTools.resource("save-note-output.json"))
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) ->
                        ToolResults.checked(() -> save(saved, new Arguments(request.arguments()))))
                .build();
    }

    private static McpSchema.CallToolResult save(SavedFiles saved, Arguments arguments) throws IOException {
        String path = note(arguments.required("path"));
        byte[] content = arguments.verbatim("content").getBytes(StandardCharsets.UTF_8);
        int slash = path.indexOf('/');
        if (slash != path.lastIndexOf('/')) {
            throw new BadRequestException("path is name.md or category/name.md: a note goes at most one folder deep");
        }
        return ToolResults.of(saved.save(
                new SavedFiles.Upload(
                        arguments.text("collection"),
                        slash < 0 ? null : path.substring(0, slash),
                        path.substring(slash + 1),
                        content.length,
                        new ByteArrayInputStream(content),
                        arguments.flag("overwrite", false)),
                arguments.flag("wait", true)));
    }

    /** The note's path: a markdown file; a name without an extension is given {@code .md}. */
    private static String note(String path) {
        String name = path.substring(path.lastIndexOf('/') + 1);
        if (!name.contains(".")) {
            return path + ".md";
        }
        String extension = name.substring(name.lastIndexOf('.') + 1).toLowerCase(Locale.ROOT);
        if (!extension.equals("md") && !extension.equals("markdown")) {
            throw new BadRequestException("save_note writes markdown notes (.md), not ." + extension
                    + "; other files go through POST /api/v1/documents");
        }
        return path;
    }
}

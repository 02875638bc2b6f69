package kb.query.mcp;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.time.Instant;
import java.util.List;
import kb.query.api.ApiServices;
import kb.query.api.Arguments;
import kb.query.api.CollectionCheck;
import kb.query.documents.DocumentCatalog;
import kb.query.search.Scope;
import kb.query.status.BuildInfo;
import kb.query.status.CollectionCount;
import kb.query.status.HealthDetails;
import kb.query.status.WithIndexState;

/**
 * {@code index_status}: how fresh and how whole the index is, as {@code /api/v1/status} tells it in brief: whether
 * the service is ready, Elasticsearch answers, indexing is under way, what is searchable now, the collections and
 * their documents, and the index's state (changes still being indexed).
 */
final class StatusTool {

    static final String NAME = "index_status";

    private StatusTool() {}

    static SyncToolSpecification of(ApiServices services, McpJsonMapper mapper) {
        McpSchema.Tool tool = McpSchema.Tool.builder()
                .name(NAME)
                .description("How fresh and whole the knowledge base's index is: ready or starting, whether "
                        + "Elasticsearch answers, whether indexing is under way (a change or a vector still being "
                        + "processed), documents and chunks "
                        + "searchable now (and chunks expected), the last change indexed, the collections with their "
                        + "documents (or the one asked with `collection`), and `index`: changes still being indexed "
                        + "and how long the oldest has waited. Ask it before concluding that something is not in the "
                        + "knowledge base. " + DocumentTools.INDEX_NOTE)
                .inputSchema(mapper, McpTools.resource("index-status-input.json"))
                .outputSchema(mapper, McpTools.resource("index-status-output.json"))
                .build();
        return SyncToolSpecification.builder()
                .tool(tool)
                .callHandler((exchange, request) ->
                        ToolResults.checked(() -> status(services, new Arguments(request.arguments()))))
                .build();
    }

    private static McpSchema.CallToolResult status(ApiServices services, Arguments arguments) throws IOException {
        String asked = arguments.text("collection");
        CollectionCheck.of(services).check(new Scope(asked, null, List.of(), List.of()));
        DocumentCatalog catalog = services.documents().catalog();
        DocumentCatalog.IndexCounts counts = catalog.counts(services.documents().chunksAlias());
        List<CollectionCount> collections =
                CollectionCount.of(services.documents().files().collections(), catalog.countsByCollection());
        HealthDetails health = HealthDetails.of(
                services.health().l0Ready().getAsBoolean(),
                services.health().l1(),
                services.health().status().indexing());
        IndexStatus status = new IndexStatus(
                BuildInfo.current().version(),
                services.health().ready().getAsBoolean(),
                health.l1(),
                health.l1Problem(),
                health.indexing(),
                counts.documents(),
                counts.chunks(),
                counts.chunksExpected(),
                counts.lastEventTime() > 0
                        ? Instant.ofEpochMilli(counts.lastEventTime()).toString()
                        : null,
                collections.stream()
                        .filter(c -> asked == null || asked.equals(c.name()))
                        .toList(),
                services.health().disk().full() ? services.health().disk().reason() : "ok");
        return ToolResults.of(
                WithIndexState.of(status, true, services.health().status().indexState()));
    }

    /**
     * index_status's answer.
     *
     * @param elasticsearchProblem why Elasticsearch does not answer; absent while it does
     * @param indexing             "indexing" while any stage has a backlog (a change, a vector still being
     *                             computed), then "done"
     * @param documents            documents searchable now (what a refresh has made visible)
     * @param chunksExpected       chunks the searchable documents say they have: equal to chunks once caught up
     * @param lastChangeAt         when the newest version indexed was observed (ISO-8601), absent when none
     * @param disk                 "ok", or why nothing new is indexed (the disk is full)
     */
    record IndexStatus(
            String version,
            boolean ready,
            String elasticsearch,
            @JsonInclude(JsonInclude.Include.NON_NULL) String elasticsearchProblem,
            String indexing,
            long documents,
            long chunks,
            long chunksExpected,
            @JsonInclude(JsonInclude.Include.NON_NULL) String lastChangeAt,
            List<CollectionCount> collections,
            String disk) {}
}

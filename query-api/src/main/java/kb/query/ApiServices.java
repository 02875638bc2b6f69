package kb.query;

import java.util.function.BooleanSupplier;

/**
 * What the HTTP handlers delegate to.
 *
 * @param ready  true once the whole service may answer (L0 loaded, pipeline started)
 * @param l0Ready true once the keyword index holds the whole documents topic
 * @param reindex the sink's reindex control when it runs in this process, else null
 */
public record ApiServices(SearchService search, LookupService lookup, ContextService context,
                          DocumentCatalog catalog, DocumentFiles files, QueryLog queryLog, String apiToken,
                          String chunksAlias, java.util.function.IntSupplier l0Documents,
                          kb.core.ReindexControl reindex, PipelineStatus status,
                          BooleanSupplier ready, BooleanSupplier l0Ready) {
}

package kb.query.api;

import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import kb.core.ReindexControl;
import kb.core.runtime.DiskSpace;
import kb.query.answer.ContextService;
import kb.query.answer.LookupService;
import kb.query.calibration.CalibrationState;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentFiles;
import kb.query.documents.PageLayouts;
import kb.query.links.LinkGraph;
import kb.query.search.SearchService;
import kb.query.status.ElasticsearchProbe;
import kb.query.status.PipelineAddress;
import kb.query.status.PipelineStatus;

/**
 * What the two front doors delegate to, grouped by what it serves.
 *
 * @param writes  who may write (upload, delete, reindex)
 * @param address the broker and Elasticsearch behind this API, for {@code kb verify --url}
 */
public record ApiServices(
        Answering answering, Documents documents, Health health, WriteGuard writes, PipelineAddress address) {

    /** Questions: search, lookup and context answers, and the log of what was asked. */
    public record Answering(SearchService search, LookupService lookup, ContextService context, QueryLog queryLog) {}

    /**
     * The documents: their catalogue, their files (uploads, deletes), their links, and the index's rebuild.
     *
     * @param links   the wikilink graph: each document's outgoing links and backlinks
     * @param reindex the sink's reindex control when it runs in this process, else null
     * @param pages   the PDFs' page layouts kept at extraction, for the page view
     */
    public record Documents(
            DocumentCatalog catalog,
            DocumentFiles files,
            LinkGraph links,
            String chunksAlias,
            ReindexControl reindex,
            PageLayouts pages) {}

    /**
     * The service's state, as health and status tell it.
     *
     * @param ready          true once the whole service may answer (L0 loaded, pipeline started)
     * @param l0Ready        true once the keyword index holds the whole documents topic
     * @param l1             whether Elasticsearch answers, from the background probe (never asked on a request
     *                       thread)
     * @param rankingSettled true when the fusion's weights and the gate were fitted on the corpus as it is now
     * @param calibration    how far the gate's measurement of the corpus is (measured, kept from an earlier run,
     *                       or pending), with the last failure while attempts fail
     */
    public record Health(
            PipelineStatus status,
            BooleanSupplier ready,
            BooleanSupplier l0Ready,
            IntSupplier l0Documents,
            ElasticsearchProbe l1,
            BooleanSupplier rankingSettled,
            Supplier<CalibrationState> calibration,
            DiskSpace disk) {}
}

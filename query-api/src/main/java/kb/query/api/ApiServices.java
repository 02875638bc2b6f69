package kb.query.api;

import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import kb.query.answer.ContextService;
import kb.query.answer.LookupService;
import kb.query.documents.DocumentCatalog;
import kb.query.documents.DocumentFiles;
import kb.query.search.SearchService;
import kb.query.status.ElasticsearchProbe;
import kb.query.status.PipelineAddress;
import kb.query.status.PipelineStatus;

/**
 * What the HTTP handlers delegate to.
 *
 * @param ready  true once the whole service may answer (L0 loaded, pipeline started)
 * @param l0Ready true once the keyword index holds the whole documents topic
 * @param reindex the sink's reindex control when it runs in this process, else null
 * @param l1      whether Elasticsearch answers, from the background probe (never asked on a request thread)
 * @param writes  who may write (upload, delete, reindex)
 * @param links   the wikilink graph: each document's outgoing links and backlinks
 * @param rankingSettled true when the fusion's weights and the gate were fitted on the corpus as it is now
 */
public record ApiServices(
        SearchService search,
        LookupService lookup,
        ContextService context,
        DocumentCatalog catalog,
        DocumentFiles files,
        QueryLog queryLog,
        String chunksAlias,
        IntSupplier l0Documents,
        kb.core.ReindexControl reindex,
        PipelineStatus status,
        BooleanSupplier ready,
        BooleanSupplier l0Ready,
        ElasticsearchProbe l1,
        WriteGuard writes,
        kb.query.links.LinkGraph links,
        BooleanSupplier rankingSettled,
        kb.core.DiskSpace disk,
        PipelineAddress address) {}

package kb.sink.write;

import co.elastic.clients.elasticsearch._types.VersionType;
import co.elastic.clients.elasticsearch.core.bulk.BulkOperation;
import java.util.ArrayList;
import java.util.List;

/**
 * A bulk's operations in order, with the document each one belongs to (bulk items answer in the same order), so a
 * failed item names its document. Every operation is versioned by the document's generation ({@code external_gte}).
 */
final class PlannedBulk {

    final List<BulkOperation> operations = new ArrayList<>();
    final List<String> docIds = new ArrayList<>();

    void add(String docId, BulkOperation operation) {
        operations.add(operation);
        docIds.add(docId);
    }

    static BulkOperation index(String index, String id, Object document, long generation) {
        return BulkOperation.of(o -> o.index(i ->
                i.index(index).id(id).document(document).version(generation).versionType(VersionType.ExternalGte)));
    }

    static BulkOperation delete(String index, String id, long generation) {
        return BulkOperation.of(
                o -> o.delete(d -> d.index(index).id(id).version(generation).versionType(VersionType.ExternalGte)));
    }
}

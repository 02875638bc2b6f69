package kb.local;

import java.nio.file.Path;
import kb.infra.ElasticsearchLaunch;
import kb.infra.EmbeddedElasticsearch;
import kb.infra.Infrastructure;

/** Run in its own JVM by ElasticsearchOrphanTest: starts an embedded Elasticsearch, prints its pid, waits. */
public final class ElasticsearchChildMain {

    private ElasticsearchChildMain() {}

    public static void main(String[] args) throws Exception {
        EmbeddedElasticsearch es = EmbeddedElasticsearch.start(
                ElasticsearchLaunch.of(Infrastructure.distributionZip(), Path.of(args[0]), "512m"));
        System.out.println("pid " + es.processHandle().pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

package kb.infra;

import java.nio.file.Path;

/** Run in its own JVM by DistributionCacheTest: another kb using a copy of Elasticsearch until it is killed. */
public final class CopyHolderMain {

    private CopyHolderMain() {}

    public static void main(String[] args) throws Exception {
        DistributionCache.home(Path.of(args[0]), Path.of(args[1]));
        System.out.println("held");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

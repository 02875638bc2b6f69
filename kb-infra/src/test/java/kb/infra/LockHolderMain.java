package kb.infra;

import java.nio.file.Path;

/** Run in its own JVM by DataFolderLockTest: locks the data folder given, says so, and waits to be killed. */
public final class LockHolderMain {

    private LockHolderMain() {}

    public static void main(String[] args) throws Exception {
        DataFolderLock lock = DataFolderLock.acquire(Path.of(args[0]));
        lock.advertise("http://localhost:1234");
        System.out.println("locked");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}

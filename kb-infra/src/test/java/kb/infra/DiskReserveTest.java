package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reserve gives one slice back each time the disk is full, and takes them back once there is room. */
class DiskReserveTest {

    private static final long MB = 1024 * 1024;
    private static final long MARGIN = 64 * MB;

    @TempDir
    Path work;

    @Test
    void shouldGiveASliceBackEachTimeTheDiskIsFullAndWriteThemBackOnceThereIsRoom() throws Exception {
        AtomicLong free = new AtomicLong(10_000 * MB);
        DiskReserve reserve = new DiskReserve(work, MARGIN, free::get);
        reserve.check();
        assertEquals(DiskReserve.SLICES, reserve.held());
        assertEquals(DiskReserve.BYTES, sizes(), "written, not sparse");

        for (int full = 1; full <= 3; full++) {
            free.set(0);
            reserve.check();
            assertEquals(DiskReserve.SLICES - full, reserve.held(), "one slice per time the disk filled");
            free.set(DiskReserve.SLICE_BYTES); // what was given back, left to the broker
            reserve.check();
            assertEquals(DiskReserve.SLICES - full, reserve.held(), "nothing taken back below the margin");
        }
        free.set(10_000 * MB);
        reserve.check();
        assertEquals(DiskReserve.SLICES, reserve.held(), "all written back once there is room");
        assertEquals(DiskReserve.BYTES, sizes());
    }

    @Test
    void shouldHoldTheSlicesAnEarlierRunLeft() throws Exception {
        DiskReserve first = new DiskReserve(work, MARGIN, () -> 10_000 * MB);
        first.check();
        DiskReserve next = new DiskReserve(work, MARGIN, () -> 0);
        next.adoptExisting();
        assertEquals(DiskReserve.SLICES, next.held());
        next.check();
        assertEquals(DiskReserve.SLICES - 1, next.held(), "and gives them back as its own");
        assertTrue(sizes() < DiskReserve.BYTES);
    }

    private long sizes() throws Exception {
        long total = 0;
        try (Stream<Path> files = Files.list(work)) {
            for (Path file : files.toList()) {
                total += Files.size(file);
            }
        }
        return total;
    }
}

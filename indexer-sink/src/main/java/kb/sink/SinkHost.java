package kb.sink;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import kb.core.runtime.DiskSpace;
import kb.sink.write.DocumentWriter;

/**
 * What the process hosting the sink lends it.
 *
 * @param disk  while it is full, nothing is written to Elasticsearch; writing resumes when there is room
 * @param steps told at each step of every write, on the thread writing (tests hold a write there)
 */
public record SinkHost(MeterRegistry registry, Clock clock, DiskSpace disk, DocumentWriter.Steps steps) {

    /** A host that watches no disk and holds no write: the sink's own process. */
    public static SinkHost of(MeterRegistry registry, Clock clock) {
        return new SinkHost(registry, clock, DiskSpace.UNWATCHED, DocumentWriter.Steps.NONE);
    }

    public SinkHost watching(DiskSpace watched) {
        return new SinkHost(registry, clock, watched, steps);
    }

    public SinkHost holding(DocumentWriter.Steps held) {
        return new SinkHost(registry, clock, disk, held);
    }
}

package kb.ingest;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicBoolean;
import kb.core.runtime.DiskSpace;
import kb.core.topics.TopicCreator;
import kb.ingest.extract.IsolatedExtractor;
import kb.ingest.publish.Catalogue;
import kb.ingest.publish.GenerationClock;
import kb.ingest.publish.LiveBudget;
import kb.ingest.publish.RepublishQueue;
import kb.ingest.watch.Debouncer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place the producer's parts are built and connected, once, from its configuration: the topics and the folder
 * made sure of, the catalogue loaded from the broker, the publisher connected, the folder watched.
 */
final class ProducerWiring {

    private static final Logger LOG = LoggerFactory.getLogger(ProducerWiring.class);

    private ProducerWiring() {}

    /** The parts the watcher thread's loop runs over ({@link IngestProducer}), and what it closes. */
    record Parts(
            ProducerConfig config,
            DiskSpace disk,
            AtomicBoolean running,
            FolderWatch watch,
            Debouncer debouncer,
            ChangeRouter router,
            FolderScan scan,
            Reconciliation reconciliation,
            DocumentLane documents,
            EventPublisher publisher,
            IsolatedExtractor extractor,
            FolderStamps stamps,
            StampLedger ledger) {}

    /** What publishing is made of: the catalogue loaded, the queue of failed sends, the connected publisher. */
    private record Published(Catalogue catalogue, RepublishQueue republish, EventPublisher publisher) {}

    /**
     * Creates the topics and the folder when missing, loads the catalogue and connects; nothing runs until the
     * producer starts.
     *
     * @param disk while it is full, changes are gathered but not published (the broker's log is on that disk)
     */
    static Parts wire(ProducerConfig config, MeterRegistry registry, Clock clock, DiskSpace disk) throws IOException {
        Path baseDir = config.collection().folder();
        if (!Files.isDirectory(baseDir)) {
            Files.createDirectories(baseDir);
            LOG.info("created knowledge-base folder {}", baseDir);
        }
        LOG.info("watching {} as collection '{}'", baseDir, config.collection().name());
        TopicCreator.ensureTopics(config.common());
        Published published = publish(config, registry, clock);
        IsolatedExtractor extractor = new IsolatedExtractor(config.extraction());
        try {
            return parts(config, registry, clock, disk, published, extractor);
        } catch (IOException | RuntimeException e) {
            published.publisher().close();
            extractor.close();
            throw e;
        }
    }

    private static Published publish(ProducerConfig config, MeterRegistry registry, Clock clock) {
        String collection = config.collection().name();
        long started = clock.millis();
        Catalogue catalogue = Catalogue.load(
                config.common().bootstrapServers(), config.common().topics(), collection);
        LOG.info(
                "read what was published of collection '{}' ({} files) in {} ms",
                collection,
                catalogue.paths().size(),
                clock.millis() - started);
        if (catalogue.lostRecords() > 0) {
            LOG.warn(
                    "{} documents of collection '{}' are indexed but kb.file-events has no record of them"
                            + " (the broker's log lost records): the scan publishes or withdraws each again",
                    catalogue.lostRecords(),
                    collection);
        }
        RepublishQueue republish = new RepublishQueue(clock);
        EventPublisher publisher = new EventPublisher(
                config.common().topics(),
                catalogue,
                new GenerationClock(clock, catalogue.highestGeneration()),
                new LiveBudget(clock),
                registry,
                PublisherClients.connect(
                        config.common().bootstrapServers(),
                        config.common().topics(),
                        config.publishing().timeout()),
                republish);
        return new Published(catalogue, republish, publisher);
    }

    private static Parts parts(
            ProducerConfig config,
            MeterRegistry registry,
            Clock clock,
            DiskSpace disk,
            Published published,
            IsolatedExtractor extractor)
            throws IOException {
        PathFilter filter = new PathFilter(config.extensions(), config.excludes());
        Publication publication = new Publication(published.publisher(), published.catalogue(), filter);
        FileEventReader reader = new FileEventReader(
                config.collection(),
                config.maxFileBytes(),
                clock,
                new FileEventReader.Documents(extractor, config.extraction().maxDocumentBytes(), publication::known));
        FolderWatch watch =
                new FolderWatch(config.collection(), filter, publication::reportUndecodableName, disk, clock);
        AtomicBoolean running = new AtomicBoolean(true);
        FolderStamps stamps = new FolderStamps(config.collection().folder());
        StampLedger ledger = StampLedger.of(
                config.stateDir(),
                config.collection().name(),
                config.collection().folder());
        stamps.restore(ledger.load());
        DocumentLane documents = new DocumentLane(
                new DocumentReading(config.collection().folder(), reader, publication, disk, running, stamps));
        Debouncer debouncer = new Debouncer(clock, config.debounce());
        ChangeRouter router = new ChangeRouter(watch, filter, reader, documents, publication, stamps, debouncer);
        Reconciliation reconciliation = new Reconciliation(
                watch,
                router,
                publication,
                stamps,
                new Reconciliation.Claimed(debouncer, published.republish()),
                new Reconciliation.Schedule(clock, config.publishing().reconcilePeriod()),
                registry);
        gauges(registry, config.collection().name(), debouncer, documents, published.republish());
        return new Parts(
                config,
                disk,
                running,
                watch,
                debouncer,
                router,
                new FolderScan(watch, router, publication, stamps, documents, registry, clock),
                reconciliation,
                documents,
                published.publisher(),
                extractor,
                stamps,
                ledger);
    }

    private static void gauges(
            MeterRegistry registry,
            String collection,
            Debouncer debouncer,
            DocumentLane documents,
            RepublishQueue republish) {
        Gauge.builder("kb_producer_watch_queue_depth", debouncer, Debouncer::pending)
                .tag("collection", collection)
                .register(registry);
        Gauge.builder("kb_producer_extraction_queue_depth", documents, DocumentLane::pending)
                .tag("collection", collection)
                .register(registry);
        Gauge.builder("kb_producer_republish_pending", republish, RepublishQueue::size)
                .tag("collection", collection)
                .description("changes whose send to the broker failed, waiting to be published again")
                .register(registry);
    }
}

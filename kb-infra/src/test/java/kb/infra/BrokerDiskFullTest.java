package kb.infra;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The broker alone on a file system that {@code dd} fills to 0 bytes free, with no reserve to give back: its next
 * checkpoint fails its only log directory, and Kafka asks to halt the JVM (before the supervisor, the JVM was gone
 * about 7 s after the disk filled). Supervised, the JVM lives, the broker is restarted once the filler is removed,
 * on the same address, and every record written before and after is read back. Needs root to mount a tmpfs.
 */
class BrokerDiskFullTest {

    private static final Duration DEADLINE = Duration.ofSeconds(120);
    private static final String TOPIC = "notes";

    @TempDir
    Path work;

    private Path data;

    @AfterEach
    void unmount() throws Exception {
        if (data != null) {
            new ProcessBuilder("umount", "-l", data.toString())
                    .inheritIO()
                    .start()
                    .waitFor();
        }
    }

    @Test
    void shouldRestartTheBrokerInsteadOfHaltingWhenItsLogDirectoryFailsOnAFullDisk() throws Exception {
        data = mountTmpfs(Files.createDirectories(work.resolve("data")), 64);
        try (EmbeddedKafka kafka = EmbeddedKafka.start(data.resolve("kafka"));
                BrokerSupervisor supervisor = BrokerSupervisor.supervise(kafka, DiskReserve.freeSpace(data))) {
            createTopic(kafka.bootstrapServers());
            send(kafka.bootstrapServers(), "before");
            Path filler = data.resolve("filler");
            fill(filler);
            await().atMost(DEADLINE).until(supervisor::restarting);
            System.out.printf("[broker-disk-full] the broker failed its log directory; %s%n", "removing the filler");
            Files.delete(filler);
            await().atMost(DEADLINE).until(() -> supervisor.restarts() == 1 && !supervisor.restarting());
            send(kafka.bootstrapServers(), "after");
            assertEquals(List.of("before", "after"), readAll(kafka.bootstrapServers()));
        }
    }

    @Test
    void shouldGiveTheBrokerUpAndKeepTheJvmWhenItFailsPastItsRestartBudget() throws Exception {
        data = mountTmpfs(Files.createDirectories(work.resolve("data")), 64);
        List<String> told = new java.util.concurrent.CopyOnWriteArrayList<>();
        try (EmbeddedKafka kafka = EmbeddedKafka.start(data.resolve("kafka"));
                BrokerSupervisor supervisor =
                        BrokerSupervisor.supervise(new BrokerSupervisor(kafka, DiskReserve.freeSpace(data), 0))) {
            supervisor.onGiveUp(told::add);
            createTopic(kafka.bootstrapServers());
            fill(data.resolve("filler"));
            await().atMost(DEADLINE).until(() -> !told.isEmpty());
            assertTrue(supervisor.gaveUp().contains("read-only, restart kb"), supervisor.gaveUp());
            assertEquals(List.of(supervisor.gaveUp()), told, "told once, with the reason a person reads");
            assertEquals(0, supervisor.restarts(), "past its budget the broker is not restarted");
            System.out.printf("[broker-give-up] the JVM lives; %s%n", supervisor.gaveUp());
        }
    }

    private static Path mountTmpfs(Path dir, int megabytes) throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "mounting a tmpfs needs root");
        Process mount = new ProcessBuilder(
                        "mount", "-t", "tmpfs", "-o", "size=" + megabytes + "m", "tmpfs", dir.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(mount.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assumeTrue(mount.waitFor() == 0, "cannot mount a tmpfs here: " + output);
        return dir;
    }

    private void fill(Path filler) throws Exception {
        Process dd = new ProcessBuilder("dd", "if=/dev/zero", "of=" + filler, "bs=1M")
                .redirectErrorStream(true)
                .start();
        String output = new String(dd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        dd.waitFor();
        assertTrue(output.contains("No space left on device"), output);
        assertEquals(0, Files.getFileStore(data).getUsableSpace(), "dd filled the disk to the last byte");
    }

    private static void createTopic(String bootstrap) throws Exception {
        try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
        }
    }

    private static void send(String bootstrap, String value) throws Exception {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        try (KafkaProducer<String, String> producer =
                new KafkaProducer<>(props, new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(TOPIC, value)).get();
        }
    }

    private static List<String> readAll(String bootstrap) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "reader-" + UUID.randomUUID());
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<String> values = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer =
                new KafkaConsumer<>(props, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(TOPIC));
            await().atMost(DEADLINE).until(() -> {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(200))) {
                    values.add(record.value());
                }
                return values.size() >= 2;
            });
        }
        return values;
    }
}

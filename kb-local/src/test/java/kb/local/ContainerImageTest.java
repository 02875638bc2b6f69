package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.model.ContainerConfig;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import kb.infra.FreePorts;
import kb.testkit.MissingTool;
import kb.testkit.PinnedImages;
import kb.testkit.Tool;
import org.junit.jupiter.api.Test;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * infra/Dockerfile builds the project inside the image and runs it as a user of its own with a health check. No
 * Docker engine runs where we build, so the file is read here; the image is built only where Docker exists.
 */
class ContainerImageTest {

    private static final Path ROOT = Path.of("..");
    private static final Path DOCKERFILE = InfraFilesTest.INFRA.resolve("Dockerfile");

    /** One instruction of the Dockerfile, its continuation lines joined. */
    record Instruction(String keyword, String arguments) {}

    @Test
    void shouldBuildInsideTheImageFromThePinnedImages() throws IOException {
        List<Instruction> instructions = instructions();
        List<String> stages = arguments(instructions, "FROM");
        assertEquals(List.of(PinnedImages.maven() + " AS build", PinnedImages.jre()), stages);
        assertTrue(
                arguments(instructions, "RUN").stream().anyMatch(run -> run.startsWith("mvn -B -DskipTests package")),
                "Maven builds the project in the first stage");
        List<Instruction> runtime = finalStage(instructions);
        for (String copy : arguments(runtime, "COPY")) {
            assertFalse(copy.contains("target/") && !copy.startsWith("--from=build"), "from the build stage: " + copy);
        }
    }

    @Test
    void shouldRunAsAUserOfItsOwnWithAHealthCheck() throws IOException {
        List<Instruction> runtime = finalStage(instructions());
        List<String> users = arguments(runtime, "USER");
        assertFalse(users.isEmpty(), "the final stage names its user");
        String user = users.get(users.size() - 1).split(":")[0];
        assertFalse(user.equals("root") || user.equals("0"), "runs as root: " + user);
        List<String> healthchecks = arguments(runtime, "HEALTHCHECK");
        assertEquals(1, healthchecks.size());
        assertTrue(
                healthchecks.get(0).contains("CMD [\"/bin/bash\", \"/opt/kb/healthcheck.sh\"]"), healthchecks.get(0));
    }

    /** A module added to the root pom and not to the Dockerfile's dependency layer would miss its dependencies. */
    @Test
    void shouldCopyEveryModulesPomIntoTheDependencyLayer() throws IOException {
        Matcher modules =
                Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
        List<String> copies = arguments(instructions(), "COPY");
        while (modules.find()) {
            String module = modules.group(1);
            assertTrue(copies.contains(module + "/pom.xml " + module + "/"), module);
        }
    }

    @Test
    void shouldPassTheHealthCheckOnlyWhenTheServiceAnswers200() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/health/live", exchange -> answer(exchange, 200));
        server.createContext("/health/ready", exchange -> answer(exchange, 503));
        server.start();
        try {
            String port = String.valueOf(server.getAddress().getPort());
            assertEquals(0, healthcheck(port, "/health/live"));
            assertEquals(1, healthcheck(port, "/health/ready"), "503 STARTING is not healthy");
        } finally {
            server.stop(0);
        }
        assertEquals(1, healthcheck(String.valueOf(FreePorts.pick()), "/health/live"), "nothing listens");
    }

    /**
     * Builds the image and reads its configuration: only where a Docker engine runs (our CI has none). The context
     * is the repository and the Dockerfile is inside it, which only the deprecated path setter says (the other one
     * makes the Dockerfile's own folder the context).
     */
    @Test
    @SuppressWarnings("deprecation")
    void shouldBuildAnImageThatRunsAsItsUserWhenDockerExists() {
        MissingTool.assumeInstalled(Tool.DOCKER);
        String name = "kb-pipeline-test:" + UUID.randomUUID().toString().substring(0, 8);
        new ImageFromDockerfile(name, true)
                .withFileFromPath(".", ROOT.toAbsolutePath().normalize())
                .withDockerfilePath("infra/Dockerfile")
                .get();
        ContainerConfig config = DockerClientFactory.instance()
                .client()
                .inspectImageCmd(name)
                .exec()
                .getConfig();
        assertNotNull(config);
        assertEquals("10001:10001", config.getUser());
        assertNotNull(config.getHealthcheck(), "the image has a health check");
        assertEquals(
                List.of("CMD", "/bin/bash", "/opt/kb/healthcheck.sh"),
                config.getHealthcheck().getTest());
    }

    private static int healthcheck(String port, String path) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(
                        "/bin/bash",
                        InfraFilesTest.INFRA.resolve("healthcheck.sh").toString())
                .redirectErrorStream(true);
        builder.environment().putAll(Map.of("KB_HEALTH_PORT", port, "KB_HEALTH_PATH", path));
        Process process = builder.start();
        process.getInputStream().readAllBytes();
        assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the check answers within its timeout");
        return process.exitValue();
    }

    private static void answer(HttpExchange exchange, int status) throws IOException {
        byte[] body = "{}".getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, body.length);
        exchange.getResponseBody().write(body);
        exchange.close();
    }

    static List<Instruction> instructions() throws IOException {
        List<Instruction> instructions = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : Files.readAllLines(DOCKERFILE)) {
            String trimmed = line.strip();
            if (current.isEmpty() && (trimmed.isEmpty() || trimmed.startsWith("#"))) {
                continue;
            }
            if (trimmed.endsWith("\\")) {
                current.append(trimmed, 0, trimmed.length() - 1).append(' ');
                continue;
            }
            current.append(trimmed);
            String text = current.toString();
            int space = text.indexOf(' ');
            instructions.add(new Instruction(
                    text.substring(0, space).toUpperCase(Locale.ROOT),
                    text.substring(space + 1).strip().replaceAll(" +", " ")));
            current.setLength(0);
        }
        return instructions;
    }

    private static List<Instruction> finalStage(List<Instruction> instructions) {
        int from = 0;
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i).keyword().equals("FROM")) {
                from = i;
            }
        }
        return instructions.subList(from, instructions.size());
    }

    private static List<String> arguments(List<Instruction> instructions, String keyword) {
        return instructions.stream()
                .filter(instruction -> instruction.keyword().equals(keyword))
                .map(Instruction::arguments)
                .toList();
    }
}

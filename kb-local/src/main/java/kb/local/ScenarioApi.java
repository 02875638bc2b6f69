package kb.local;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The two API calls a scenario set needs. Beside {@link PipelineRun}, which answers them, so that the scenario
 * evaluation (kb-tools) and the runs and clients that answer the calls depend on it, not on each other.
 */
public interface ScenarioApi {
    JsonNode search(String query, String extraParams) throws IOException, InterruptedException;

    JsonNode get(String pathAndQuery) throws IOException, InterruptedException;
}

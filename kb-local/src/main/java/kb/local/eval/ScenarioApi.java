package kb.local.eval;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;

/**
 * The two API calls a scenario set needs. In a file of its own so that {@link ScenarioEval} (which may start a
 * {@code PipelineRun}) and the runs and clients that answer the calls both depend on it, not on each other.
 */
public interface ScenarioApi {
    JsonNode search(String query, String extraParams) throws IOException, InterruptedException;

    JsonNode get(String pathAndQuery) throws IOException, InterruptedException;
}

package kb.query.status;

import java.util.Map;

/** {@code /health/ready}'s answer: 200 READY once ready, 503 STARTING before. */
public record Readiness(int httpStatus, Map<String, Object> body) {

    public static Readiness of(boolean ready, HealthDetails details) {
        return new Readiness(ready ? 200 : 503, Map.of("status", ready ? "READY" : "STARTING", "details", details));
    }
}

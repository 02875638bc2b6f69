package kb.search.embed;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtLoggingLevel;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * ONNX Runtime's one environment, with a second reference held for the life of the process.
 *
 * <p>ONNX Runtime's Java binding registers its own shutdown hook that releases the environment. The JVM runs shutdown
 * hooks concurrently, so that release came while a vector pass still embedded or a model's session was still being
 * created, and the JVM died in {@code libonnxruntime.so} (SIGSEGV, exit 134) instead of stopping: one stop in three
 * of {@code kb up} in CI, nine exits in 24 of a program embedding on two threads. The native environment is counted:
 * one more reference, taken here through the binding's own (private) constructor call, makes that release a
 * decrement, and the environment lives until the process ends. Without it (a binding that no longer has that call)
 * embedding works as before and {@link #held()} says so; a test pins it.
 */
final class HeldEnvironment {

    private static final Logger LOG = LoggerFactory.getLogger(HeldEnvironment.class);
    private static final OrtEnvironment ENVIRONMENT = OrtEnvironment.getEnvironment();
    private static final boolean HELD = holdSecondReference();

    private HeldEnvironment() {}

    /** The environment every model's session is created in. */
    static OrtEnvironment get() {
        return ENVIRONMENT;
    }

    /** Whether the second reference is held (so ONNX Runtime's exit hook cannot free the environment). */
    static boolean held() {
        return HELD;
    }

    private static boolean holdSecondReference() {
        try {
            Field api = Class.forName("ai.onnxruntime.OnnxRuntime").getDeclaredField("ortApiHandle");
            api.setAccessible(true);
            Method create = OrtEnvironment.class.getDeclaredMethod("createHandle", long.class, int.class, String.class);
            create.setAccessible(true);
            create.invoke(
                    null,
                    api.getLong(null),
                    OrtLoggingLevel.ORT_LOGGING_LEVEL_WARNING.getValue(),
                    OrtEnvironment.DEFAULT_NAME);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            LOG.debug("the ONNX Runtime environment is not held past its exit hook: {}", e.toString());
            return false;
        }
    }
}

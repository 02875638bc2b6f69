package kb.query.api;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import kb.query.errors.ForbiddenException;
import kb.query.errors.UnauthorizedException;
import org.junit.jupiter.api.Test;

/** The rules behind "no cross-origin writes, no DNS rebinding, token or nothing". */
class WriteGuardTest {

    private final WriteGuard loopback = new WriteGuard("tok", Set.of("https://kb.example.com"), true);

    @Test
    void shouldAllowNonBrowserClientsAndTheApisOwnOriginOnLoopback() {
        assertTrue(loopback.allows(null, "localhost:8080"));
        assertTrue(loopback.allows("http://localhost:8080", "localhost:8080"));
        assertTrue(loopback.allows("http://127.0.0.1:8080", "127.0.0.1:8080"));
        assertTrue(loopback.allows("https://kb.example.com", "[::1]:8080"));
    }

    @Test
    void shouldRefuseOtherOriginsAndNonLoopbackHostNamesWhenBoundToLoopback() {
        assertFalse(loopback.allows("https://evil.example", "localhost:8080"));
        assertFalse(loopback.allows("http://localhost:9999", "localhost:8080"));
        assertFalse(loopback.allows("null", "localhost:8080"));
        assertFalse(loopback.allows("http://rebound.example:8080", "rebound.example:8080"), "DNS rebinding");
        assertFalse(loopback.allows(null, null));
        assertFalse(loopback.hostAllowed("rebound.example:8080"));
        assertTrue(loopback.hostAllowed("localhost"));
    }

    @Test
    void shouldRequireTheExactTokenWhenOneIsConfigured() {
        assertDoesNotThrow(() -> loopback.checkWrite(null, "localhost:1", "Bearer tok"));
        assertThrows(UnauthorizedException.class, () -> loopback.checkWrite(null, "localhost:1", "Bearer to"));
        assertThrows(UnauthorizedException.class, () -> loopback.checkWrite(null, "localhost:1", null));
        assertThrows(
                ForbiddenException.class,
                () -> loopback.checkWrite("https://evil.example", "localhost:1", "Bearer tok"));
        assertDoesNotThrow(() -> new WriteGuard(null, Set.of(), true).checkWrite(null, "localhost:1", null));
    }

    @Test
    void shouldAcceptAnyHostNameWhenBoundBeyondLoopbackSinceTheTokenIsThenRequired() {
        WriteGuard wide = new WriteGuard("tok", Set.of(), false);
        assertTrue(wide.allows(null, "kb.internal:8080"));
        assertTrue(wide.allows("http://kb.internal:8080", "kb.internal:8080"));
        assertFalse(wide.allows("https://evil.example", "kb.internal:8080"));
    }
}

package kb.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.Test;

/**
 * Ports picked one after the other are different, though none is bound yet: the OS may offer a port again once its
 * probe socket closed, and the broker refused to start when its two listeners got the same one.
 */
class FreePortsTest {

    @Test
    void shouldNeverHandOutTheSamePortTwiceInARowWhileNoneIsBound() {
        Set<Integer> picked = new HashSet<>();
        for (int i = 0; i < 64; i++) {
            picked.add(FreePorts.pick());
        }
        assertEquals(64, picked.size());
    }

    @Test
    void shouldGiveAPortPickedAheadFirstThenFreeOnes() {
        IntSupplier ports = FreePorts.first(4242);
        assertEquals(4242, ports.getAsInt());
        int next = ports.getAsInt();
        assertTrue(next != 4242 && next > 0, "then a free one: " + next);
    }
}

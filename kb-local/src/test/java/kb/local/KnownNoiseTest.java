package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.spi.FilterReply;
import org.junit.jupiter.api.Test;

class KnownNoiseTest {

    private final LoggerContext context = new LoggerContext();
    private final KnownNoise filter = new KnownNoise();

    @Test
    void shouldDropTheBrokersSecondCloseWarningWhenItStops() {
        assertEquals(
                FilterReply.DENY,
                filter.decide(
                        null,
                        context.getLogger(KnownNoise.NETWORK_CLIENT),
                        Level.WARN,
                        "[NodeToControllerChannelManager id=1 name=registration] " + KnownNoise.CLOSED_TWICE,
                        null,
                        null));
    }

    @Test
    void shouldLetEveryOtherLineOfTheClientPassWhenItWarns() {
        assertEquals(
                FilterReply.NEUTRAL,
                filter.decide(
                        null,
                        context.getLogger(KnownNoise.NETWORK_CLIENT),
                        Level.WARN,
                        "Connection to node {} could not be established.",
                        null,
                        null));
        assertEquals(
                FilterReply.NEUTRAL,
                filter.decide(null, context.getLogger("kb.sink"), Level.WARN, KnownNoise.CLOSED_TWICE, null, null));
    }
}

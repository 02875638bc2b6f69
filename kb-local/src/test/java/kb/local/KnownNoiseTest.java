package kb.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.util.concurrent.CompletionException;
import org.apache.kafka.common.errors.NotControllerException;
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

    @Test
    void shouldDropTheControllersEarlyRegistrationErrorButNoOtherErrorOfItsApis() {
        String early = "[ControllerApis nodeId=1] Unexpected error handling request RequestHeader("
                + KnownNoise.REGISTRATION + ", apiVersion=0, clientId=1, correlationId=0, headerVersion=2)";
        Throwable notYet =
                new CompletionException(new NotControllerException("The active controller appears to be node 1."));
        Logger apis = context.getLogger(KnownNoise.CONTROLLER_APIS);
        assertEquals(FilterReply.DENY, filter.decide(null, apis, Level.ERROR, early, null, notYet));
        assertEquals(
                FilterReply.NEUTRAL,
                filter.decide(null, apis, Level.ERROR, early, null, new CompletionException(new IOException("disk"))));
        assertEquals(
                FilterReply.NEUTRAL,
                filter.decide(null, apis, Level.ERROR, "Unexpected error handling request (FETCH)", null, notYet));
    }
}

package kb.query.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import kb.query.errors.BadRequestException;
import kb.query.search.Scope;
import org.junit.jupiter.api.Test;

class CollectionCheckTest {

    private final AtomicInteger indexAsked = new AtomicInteger();

    private CollectionCheck check(List<String> indexed) {
        return new CollectionCheck(() -> List.of("notes", "work"), () -> {
            indexAsked.incrementAndGet();
            return indexed;
        });
    }

    @Test
    void shouldPassWithoutAskingTheIndexWhenTheCollectionIsServedHereOrNoneIsNamed() {
        CollectionCheck check = check(List.of());
        check.check(new Scope("notes", null));
        check.check(new Scope(null, "runbooks"));
        assertEquals(0, indexAsked.get());
    }

    @Test
    void shouldPassWhenTheIndexHoldsTheCollection() {
        check(List.of("archive")).check(new Scope("archive", null));
        assertEquals(1, indexAsked.get());
    }

    @Test
    void shouldRefuseNamingTheCollectionsThereAreWhenTheCollectionIsUnknown() {
        BadRequestException e = assertThrows(BadRequestException.class, () -> check(List.of("archive", "notes"))
                .check(new Scope("nope", null)));
        assertEquals("no collection 'nope'; the collections are archive, notes, work", e.getMessage());
        BadRequestException none = assertThrows(BadRequestException.class, () -> new CollectionCheck(List::of, List::of)
                .check(new Scope("nope", null)));
        assertEquals("no collection 'nope'; there is none yet", none.getMessage());
    }

    @Test
    void shouldLetTheReadThroughWhenTheIndexDoesNotAnswer() {
        new CollectionCheck(() -> List.of("notes"), () -> {
                    throw new IOException("Elasticsearch down");
                })
                .check(new Scope("nope", null));
    }
}

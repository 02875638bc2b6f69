package kb.query.search.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

class IncludeFragmentsTest {

    @Test
    void shouldNameAFragmentFromItsUnderscoreFolderWhenAFolderOfItsPathStartsWithOne() {
        assertEquals(
                Optional.of("_common/syntax-highlighting-options.md"),
                IncludeFragments.includedName("hugo/en/_common/syntax-highlighting-options.md"));
        assertEquals(
                Optional.of("_includes/menu/pre.md"), IncludeFragments.includedName("site\\_includes\\menu\\pre.md"));
    }

    @Test
    void shouldNotNameAFragmentWhenOnlyTheFileStartsWithAnUnderscore() {
        // A section's list page (Hugo's _index.md) is a page of the site, not a fragment.
        assertEquals(Optional.empty(), IncludeFragments.includedName("loki/query/log_queries/_index.md"));
        assertEquals(Optional.empty(), IncludeFragments.includedName("hugo/en/content-management/multilingual.md"));
        assertEquals(Optional.empty(), IncludeFragments.includedName(null));
    }
}

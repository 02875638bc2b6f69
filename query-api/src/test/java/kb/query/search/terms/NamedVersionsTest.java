package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NamedVersionsTest {

    @Test
    void shouldFindTheVersionAskedForInAFileOrFolderNameWhateverSeparatesItsNumbers() {
        NamedVersions v = NamedVersions.of("what changed in cFE 6.5.0 for the table services?");
        assertTrue(v.carriedBy("cfs/cfe-6.5.0/cfe/docs/cFE Requirements.pdf"));
        assertFalse(v.carriedBy("cfs/cfe-6.7.0/cfe/docs/cFE Requirements.pdf"));
        assertTrue(NamedVersions.of("DS 2.5.1 test results").carriedBy("apps/ds/DS_V2_5_1_0_TestReport.pdf"));
        assertTrue(NamedVersions.of("what is new in tempo v2.4").carriedBy("tempo/release-notes/version-2/v2-4.md"));
        assertFalse(NamedVersions.of("what is new in tempo v2.4").carriedBy("tempo/release-notes/version-2/v2-5.md"));
    }

    @Test
    void shouldReadAYearAsAVersionOfAYearlyDocument() {
        NamedVersions v = NamedVersions.of("which apps shipped in the 2020 release?");
        assertTrue(v.carriedBy("cfs/cfs-2020/apps/ds/docs/users_guide.pdf"));
        assertTrue(v.carriedBy("Annual report 2020-12"));
        assertFalse(v.carriedBy("cfs/cfs-2019/apps"));
    }

    @Test
    void shouldNotReadCountsPortsSizesOrAddressesAsVersions() {
        assertTrue(NamedVersions.of("open 8080/tcp after a reboot").isEmpty());
        assertTrue(NamedVersions.of("rate limit (30000000 bytes) exceeded while adding 10 bytes")
                .isEmpty());
        assertTrue(NamedVersions.of("ping 192.168.1.20 from the nas").isEmpty());
        assertTrue(NamedVersions.of("resize to 300px").isEmpty());
        assertTrue(NamedVersions.of("2024-03-02T09:11:27.118Z 6 [Note] A temporary password is generated")
                .isEmpty());
        assertTrue(NamedVersions.of("nvme 0000:41:00.0: Unable to change power state")
                .isEmpty());
    }
}

package kb.query.search.terms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Names found by their form: the near-domain questions of kb-docs-dev, and what must not count as a name. */
class NamedTermsTest {

    private static List<String> names(String question) {
        return NamedTerms.of(QueryTerms.normalForm(question)).names();
    }

    @Test
    void shouldFindCamelCaseAcronymsAndLettersWithDigitsWhenAProductIsNamed() {
        assertEquals(List.of("MAVLink", "PX4"), names("Which MAVLink message does PX4 use to report battery status?"));
        assertEquals(
                List.of("FlashAttention", "Llama", "vLLM"),
                names("How do I turn on FlashAttention when serving Llama models with vLLM?"));
        assertEquals(List.of("GPTQ"), names("How do I quantize a model to 4 bits with GPTQ?"));
    }

    @Test
    void shouldFindSettingsWrittenWithUnderscoresWhenASettingIsNamed() {
        assertEquals(
                List.of("XGBoost", "min_child_weight"),
                names("What does XGBoost's min_child_weight parameter control?"));
        // A setting pasted with its value is the asker's data; the class it belongs to is still a name.
        assertEquals(
                List.of("LogisticRegression"),
                names("What does class_weight='balanced' do in scikit-learn's LogisticRegression?"));
    }

    @Test
    void shouldTakeACapitalAsANameOnlyWhereNoSentenceStarts() {
        assertEquals(List.of("Zephyr"), names("How do I port the software to the Zephyr kernel?"));
        assertEquals(List.of(), names("Chebyshev inequality"));
        assertEquals(List.of("Kyoto"), names("When is the best time to visit Kyoto? Autumn maybe."));
    }

    @Test
    void shouldLeaveOutPastedStringsAndWordsStartingWithADigitWhenTheAskerPastesOutput() {
        assertEquals(
                List.of(),
                names("Permissions 0644 for '/home/dev/.ssh/id_ed25519' are too open. It is required that your"
                        + " private key files are accessible by nobody else."));
        assertEquals(
                List.of("Note", "Server"),
                names("2024-03-02T09:11:27.118Z 6 [Note] [Server] A temporary password is generated for"
                        + " root@localhost: q;Ts8>hZ2kd"));
        assertEquals(List.of(), names("the cortex-distributor-5f7c9 in prod/cortex cannot talk to consul"));
    }

    @Test
    void shouldLeaveOutKeyValueFieldsAndDottedPathsWhenTheAskerPastesALogLine() {
        assertEquals(
                List.of(),
                names("level=error ts=2024-05-01T10:00:00Z caller=flush_queue.go:512 msg=\"flush failed\""
                        + " err=\"context deadline exceeded\""));
        assertEquals(
                List.of(),
                names(
                        "[Producer clientId=producer-1] org.apache.kafka.clients.NetworkClient connection to node -1 could not be established"));
        assertEquals(List.of(), names("what does celery.worker.consumer_v2 do when the broker is gone?"));
        assertEquals(List.of("Redis"), names("why can't the app reach Redis at cache.internal.example?"));
    }

    @Test
    void shouldNotReadAnAddressAPortOrAYearAsAVersionWhenOneFollowsAName() {
        assertEquals(
                List.of(),
                NamedTerms.of("Why does Redis 10.0.0.12 refuse connections?").versioned());
        assertEquals(
                List.of(),
                NamedTerms.of("Why does Postgres 5432 refuse connections?").versioned());
        assertEquals(
                List.of(),
                NamedTerms.of("What changed in Office 2019 templates?").versioned());
        assertEquals(
                List.of(new NamedTerms.Versioned("Python", "3.11")),
                NamedTerms.of("Which Python 3.11 features does the script use?").versioned());
    }

    @Test
    void shouldFindTheLatinNamesOfAChineseQuestionWhenItHasThem() {
        assertEquals(List.of("ArkTS"), names("鸿蒙 ArkTS 编码规范对变量命名有什么要求？"));
        assertEquals(List.of("MindSpore"), names("MindSpore的自动并行怎么配置？"));
        assertEquals(List.of(), names("红烧肉怎么做才不腻？"));
    }

    @Test
    void shouldPairANameWithTheVersionWrittenAfterItWhenThereIsOne() {
        NamedTerms terms = NamedTerms.of("Which VxWorks 7 kernel components must be enabled to run the cFE?");
        assertEquals(List.of("VxWorks", "cFE"), terms.names());
        assertEquals(List.of(new NamedTerms.Versioned("VxWorks", "7")), terms.versioned());
        assertEquals("VxWorks 7", terms.versioned().get(0).phrase());
        assertEquals("VxWorks7", terms.versioned().get(0).glued());
        assertTrue(NamedTerms.of("is 1024 the max number of message IDs?")
                .versioned()
                .isEmpty());
    }

    @Test
    void shouldLeaveOutCommandsAndLowerCaseFileNamesWhenAQuestionQuotesThem() {
        assertEquals(
                List.of("APS"), names("Is defining my own environment with \\newenvironment allowed in an APS paper?"));
        assertEquals(List.of(), names("asmeconf.cls: how do I turn hyphenation on, and when is it unavailable?"));
        assertEquals(List.of("AGU"), names("AGU++: how can equations be labelled 4a, 4b, 4c?"));
        assertEquals(
                List.of(new NamedTerms.Versioned("REVTeX", "4.1")),
                NamedTerms.of("REVTeX 4.1: how do I mark up a paper that has a single appendix?")
                        .versioned());
    }
}

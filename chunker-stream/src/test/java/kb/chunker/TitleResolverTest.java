package kb.chunker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import kb.core.ExtractedText;
import kb.core.ExtractedText.Block;
import kb.core.Location;
import org.junit.jupiter.api.Test;

class TitleResolverTest {

    @Test
    void shouldTakeAConvertersFileNameOrAnEditorsPlaceholderAsNoTitleWhenAPdfCarriesOne() {
        for (String junk : List.of(
                "paper.dvi",
                "Microsoft Word - CFS_DS_User_Guide.docx",
                "Microsoft PowerPoint - talk",
                "main.tex",
                "Untitled",
                "untitled document",
                "PowerPoint Presentation",
                "-- 1 --",
                "   ")) {
            assertTrue(TitleResolver.isPlaceholder(junk, "docs/report.pdf"), junk);
        }
    }

    @Test
    void shouldTakeATemplatesTitleAsNoTitleUnlessTheFileIsATemplate() {
        assertTrue(TitleResolver.isPlaceholder(
                "FSB Version Description Document (VDD) Template",
                "ds/docs/cFS DS 2510 Version Description Document.pdf"));
        assertFalse(TitleResolver.isPlaceholder("Release Notes Template", "templates/release-notes-template.docx"));
    }

    @Test
    void shouldKeepATitleThatNamesTheDocument() {
        for (String title : List.of("cFE Requirements", "Attention Is All You Need", "Java开发手册", "Version 2.1 notes")) {
            assertFalse(TitleResolver.isPlaceholder(title, "papers/1706.03762.pdf"), title);
        }
    }

    @Test
    void shouldTitleAPdfWhoseMetadataTitleIsItsSourceFileByItsHeadingElseItsFileName() {
        Block page = new Block(Location.Unit.PAGE, 1, null, 0, "Some text.");
        assertEquals(
                "SCH_v2.2.2_VersionDescriptionDocument",
                ExtractedAssembler.title(
                        new ExtractedText(
                                "Microsoft Word - SCH_v2.2.2_VersionDescriptionDocument.doc", List.of(), List.of(page)),
                        "sch/docs/SCH_v2.2.2_VersionDescriptionDocument.pdf"));
        assertEquals(
                "Scheduler Guide",
                ExtractedAssembler.title(
                        new ExtractedText(
                                "paper.dvi", List.of(), List.of(new Block(null, 0, null, 1, "Scheduler Guide"), page)),
                        "x/paper.pdf"));
    }
}

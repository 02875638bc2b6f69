package kb.ingest.extract;

import java.nio.file.Path;

/** Extracts the text of a document that is not plain text. */
public interface Extractor extends AutoCloseable {

    /**
     * @param format the file's extension, lower case (pdf, docx, ipynb, ...)
     * @return never null; a document that cannot be read is a {@link Extraction.Failed}
     */
    Extraction extract(Path file, String format);

    @Override
    void close();
}

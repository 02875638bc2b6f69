package kb.ingest.extract;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import kb.core.ExtractedText;
import kb.core.Json;

/**
 * The extractor process: reads one request per line on standard input (a document's path and format), answers one
 * line of JSON on standard output, and ends when its input ends (the watcher closed it, or died). Parsers' own
 * output goes to standard error, so it can never corrupt an answer.
 *
 * <p>Arguments: the cap on extracted characters; the OCR mode ({@code auto}, {@code true}, {@code false}); how many
 * milliseconds OCR may spend on one document; optionally the folder PDF page layouts are kept in.
 */
public final class ExtractorMain {

    /** One document to extract. */
    record Request(String path, String format) {}

    /** The text, or the reason there is none. */
    record Response(ExtractedText text, String reason, String message) {

        static Response of(Extraction extraction) {
            if (extraction instanceof Extraction.Done done) {
                return new Response(done.text(), null, null);
            }
            Extraction.Failed failed = (Extraction.Failed) extraction;
            return new Response(null, failed.reason(), failed.message());
        }

        Extraction extraction() {
            return text != null ? new Extraction.Done(text) : new Extraction.Failed(reason, message);
        }
    }

    private ExtractorMain() {}

    public static void main(String[] args) throws Exception {
        PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        System.setOut(System.err);
        DocumentParser parser = new DocumentParser(
                Long.parseLong(args[0]),
                OcrMode.of(args[1]),
                Duration.ofMillis(Long.parseLong(args[2])),
                args.length > 3 ? Path.of(args[3]) : null);
        BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = requests.readLine(); line != null; line = requests.readLine()) {
            Request request = Json.MAPPER.readValue(line, Request.class);
            Extraction extraction = parser.parse(Path.of(request.path()), request.format());
            answers.println(Json.MAPPER.writeValueAsString(Response.of(extraction)));
            answers.flush();
        }
    }
}

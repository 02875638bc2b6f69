package kb.ingest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * How a text file's bytes become its text: UTF-8, or UTF-16 / UTF-32 when a byte order mark says so (what Notepad's
 * "Unicode" and PowerShell's redirection write). Such a file is full of NUL bytes, so it must be recognised before
 * the check for binary content, which would otherwise call it binary.
 */
final class TextDecoding {

    /** Longest first, since the UTF-32LE mark begins with the UTF-16LE one. */
    private static final Mark[] MARKS = {
        new Mark(new byte[] {(byte) 0xFF, (byte) 0xFE, 0, 0}, Charset.forName("UTF-32LE")),
        new Mark(new byte[] {0, 0, (byte) 0xFE, (byte) 0xFF}, Charset.forName("UTF-32BE")),
        new Mark(new byte[] {(byte) 0xFF, (byte) 0xFE}, StandardCharsets.UTF_16LE),
        new Mark(new byte[] {(byte) 0xFE, (byte) 0xFF}, StandardCharsets.UTF_16BE),
    };

    private record Mark(byte[] bytes, Charset charset) {
        boolean starts(byte[] content) {
            if (content.length < bytes.length) {
                return false;
            }
            for (int i = 0; i < bytes.length; i++) {
                if (content[i] != bytes[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    private TextDecoding() {}

    /** The charset a byte order mark announces (never UTF-8's: that file is read as UTF-8 anyway). */
    static Optional<Charset> markedCharset(byte[] content) {
        for (Mark mark : MARKS) {
            if (mark.starts(content)) {
                return Optional.of(mark.charset());
            }
        }
        return Optional.empty();
    }

    /** The text after its byte order mark; throws when the bytes are not valid in that charset. */
    static String decodeMarked(byte[] content, Charset charset) throws CharacterCodingException {
        String text = strict(charset, content);
        return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    static String decodeUtf8(byte[] content) throws CharacterCodingException {
        return strict(StandardCharsets.UTF_8, content);
    }

    private static String strict(Charset charset, byte[] content) throws CharacterCodingException {
        return charset.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(content))
                .toString();
    }
}

package io.jpraxis.filters.security.guardrails;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Text a rule is run on, with whether its bytes were valid UTF-8. Header values arrive from the
 * edge one character per byte (ISO-8859-1), so they are turned back into bytes and decoded as
 * UTF-8: lossily, so a rule still sees the readable parts of a bad value.
 */
record InspectedText(CharSequence text, boolean validUtf8) {

    /** Strict UTF-8 decoding of {@code bytes}; on a malformed sequence, a lossy decoding and {@code false}. */
    static InspectedText ofUtf8(byte[] bytes) {
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return new InspectedText(chars, true);
        } catch (CharacterCodingException e) {
            return new InspectedText(new String(bytes, StandardCharsets.UTF_8), false);
        }
    }

    /** A header value as the edge holds it. */
    static InspectedText ofHeaderValue(String value) {
        boolean ascii = true;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c > 0xff) {
                return new InspectedText(value, true); // already decoded text (a local or HTTP/2 value)
            }
            ascii &= c < 0x80;
        }
        return ascii ? new InspectedText(value, true) : ofUtf8(value.getBytes(StandardCharsets.ISO_8859_1));
    }
}

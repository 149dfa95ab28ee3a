package io.jpraxis.http.support;

import io.netty.util.AsciiString;
import java.util.ArrayList;
import java.util.List;

/**
 * One shared {@link AsciiString} per common header name, for the HTTP/1 decoders: Netty's decoder
 * copies every header name it reads into a new {@code AsciiString} (a byte array and an object per
 * line, and the name's hash computed again), which for an origin's usual eight response headers
 * was about a tenth of what the proxy allocated per request. A name is only reused when its bytes
 * match exactly, so the spelling the peer sent is kept (the lower-case and the usual capitalized
 * spellings are both in the table); any other name is left to the decoder.
 */
public final class KnownHeaderNames {
    /** Names seen on most requests and responses; each is kept lower-case and capitalized. */
    private static final List<String> NAMES = List.of(
            "accept", "accept-encoding", "accept-language", "accept-ranges", "age", "authorization",
            "cache-control", "connection", "content-encoding", "content-length", "content-type",
            "cookie", "date", "etag", "expires", "forwarded", "host", "if-modified-since",
            "if-none-match", "keep-alive", "last-modified", "location", "origin", "pragma", "referer",
            "server", "set-cookie", "strict-transport-security", "te", "trailer", "transfer-encoding",
            "upgrade", "user-agent", "vary", "via", "x-content-type-options", "x-forwarded-for",
            "x-forwarded-host", "x-forwarded-proto", "x-request-id");
    /** Common spellings that the capitalize-each-word rule does not produce. */
    private static final List<String> OTHER_SPELLINGS = List.of("ETag", "X-Request-ID");
    /** The longest name in the table: longer lines are not looked up. */
    private static final int MAX_LENGTH = 32;

    /** By name length, the table's names of that length. */
    private static final AsciiString[][] BY_LENGTH = byLength();

    private KnownHeaderNames() {
    }

    /**
     * The shared name whose bytes are exactly {@code bytes[start, start + length)}, or null when the
     * name is not in the table (or spelt another way).
     */
    public static AsciiString find(byte[] bytes, int start, int length) {
        if (length <= 0 || length > MAX_LENGTH) {
            return null;
        }
        AsciiString[] candidates = BY_LENGTH[length];
        if (candidates == null) {
            return null;
        }
        for (AsciiString candidate : candidates) {
            if (sameBytes(candidate, bytes, start, length)) {
                return candidate;
            }
        }
        return null;
    }

    private static boolean sameBytes(AsciiString name, byte[] bytes, int start, int length) {
        byte[] own = name.array();
        int offset = name.arrayOffset();
        for (int i = 0; i < length; i++) {
            if (own[offset + i] != bytes[start + i]) {
                return false;
            }
        }
        return true;
    }

    private static AsciiString[][] byLength() {
        List<List<AsciiString>> lists = new ArrayList<>();
        for (int i = 0; i <= MAX_LENGTH; i++) {
            lists.add(new ArrayList<>());
        }
        List<String> spellings = new ArrayList<>();
        for (String name : NAMES) {
            spellings.add(name);
            spellings.add(capitalized(name));
        }
        spellings.addAll(OTHER_SPELLINGS);
        for (String spelling : spellings) {
            if (spelling.length() > MAX_LENGTH) {
                throw new IllegalStateException("header name longer than " + MAX_LENGTH + ": " + spelling);
            }
            List<AsciiString> sameLength = lists.get(spelling.length());
            AsciiString name = AsciiString.cached(spelling);
            if (!sameLength.contains(name)) {
                sameLength.add(name);
            }
        }
        AsciiString[][] table = new AsciiString[MAX_LENGTH + 1][];
        for (int i = 0; i <= MAX_LENGTH; i++) {
            if (!lists.get(i).isEmpty()) {
                table[i] = lists.get(i).toArray(AsciiString[]::new);
            }
        }
        return table;
    }

    /** {@code content-type} as {@code Content-Type}: each word's first letter upper-case. */
    static String capitalized(String lowerCase) {
        StringBuilder out = new StringBuilder(lowerCase.length());
        boolean wordStart = true;
        for (char c : lowerCase.toCharArray()) {
            out.append(wordStart ? Character.toUpperCase(c) : c);
            wordStart = c == '-';
        }
        return out.toString();
    }
}

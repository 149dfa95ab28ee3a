package io.jpraxis.http.upstream;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Shared strings for the words of an origin's status line: the version, the three-digit code and
 * the standard reason phrases. The response decoder would otherwise build three new strings per
 * response for words that are nearly always {@code HTTP/1.1}, {@code 200} and {@code OK}. A word is
 * only reused when its bytes match exactly; anything else is left to the decoder.
 */
final class StatusLineWords {
    private static final int FIRST_CODE = 100;
    private static final int LAST_CODE = 599;
    /** "100" to "599", by code. */
    private static final String[] CODES = codes();
    /** By length, the versions and reason phrases of that length, and their bytes. */
    private static final String[][] WORDS_BY_LENGTH;
    private static final byte[][][] BYTES_BY_LENGTH;

    static {
        Set<String> words = new LinkedHashSet<>(List.of("HTTP/1.1", "HTTP/1.0"));
        for (int code = FIRST_CODE; code <= LAST_CODE; code++) {
            words.add(HttpResponseStatus.valueOf(code).reasonPhrase());
        }
        int longest = words.stream().mapToInt(String::length).max().orElse(0);
        List<List<String>> byLength = new ArrayList<>();
        for (int i = 0; i <= longest; i++) {
            byLength.add(new ArrayList<>());
        }
        words.forEach(word -> byLength.get(word.length()).add(word));
        WORDS_BY_LENGTH = new String[longest + 1][];
        BYTES_BY_LENGTH = new byte[longest + 1][][];
        for (int i = 0; i <= longest; i++) {
            List<String> sameLength = byLength.get(i);
            WORDS_BY_LENGTH[i] = sameLength.toArray(String[]::new);
            BYTES_BY_LENGTH[i] = sameLength.stream()
                    .map(word -> word.getBytes(StandardCharsets.US_ASCII)).toArray(byte[][]::new);
        }
    }

    private StatusLineWords() {
    }

    /** The shared string spelt exactly {@code bytes[start, start + length)}, or null. */
    static String find(byte[] bytes, int start, int length) {
        if (length == 3) {
            String code = code(bytes, start);
            if (code != null) {
                return code;
            }
        }
        if (length <= 0 || length >= WORDS_BY_LENGTH.length) {
            return null;
        }
        byte[][] candidates = BYTES_BY_LENGTH[length];
        for (int c = 0; c < candidates.length; c++) {
            if (same(candidates[c], bytes, start)) {
                return WORDS_BY_LENGTH[length][c];
            }
        }
        return null;
    }

    private static String code(byte[] bytes, int start) {
        int value = 0;
        for (int i = start; i < start + 3; i++) {
            int digit = bytes[i] - '0';
            if (digit < 0 || digit > 9) {
                return null;
            }
            value = value * 10 + digit;
        }
        return value >= FIRST_CODE && value <= LAST_CODE ? CODES[value - FIRST_CODE] : null;
    }

    private static boolean same(byte[] word, byte[] bytes, int start) {
        for (int i = 0; i < word.length; i++) {
            if (word[i] != bytes[start + i]) {
                return false;
            }
        }
        return true;
    }

    private static String[] codes() {
        String[] codes = new String[LAST_CODE - FIRST_CODE + 1];
        for (int code = FIRST_CODE; code <= LAST_CODE; code++) {
            codes[code - FIRST_CODE] = Integer.toString(code);
        }
        return codes;
    }
}

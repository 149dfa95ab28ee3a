package io.jpraxis.filters.security.peeridentity;

import java.util.Locale;

/**
 * One spelling for certificate serial numbers, so that {@code 0A:1B}, {@code 0a1b} and
 * {@code a1b} compare equal: colons and white space removed, lower case, no leading zeros, and
 * {@code 0} for an all-zero serial. The TLS layer writes the client's serial in that form.
 */
final class SerialNumbers {
    private SerialNumbers() {
    }

    /** The normalised form of {@code serial}; null when what remains is not hex digits. */
    static String normalise(String serial) {
        StringBuilder digits = new StringBuilder(serial.length());
        for (int i = 0; i < serial.length(); i++) {
            char c = serial.charAt(i);
            if (c == ':' || Character.isWhitespace(c)) {
                continue;
            }
            if (Character.digit(c, 16) < 0) {
                return null;
            }
            digits.append(c);
        }
        if (digits.isEmpty()) {
            return null;
        }
        int start = 0;
        while (start < digits.length() - 1 && digits.charAt(start) == '0') {
            start++;
        }
        return digits.substring(start).toLowerCase(Locale.ROOT);
    }
}

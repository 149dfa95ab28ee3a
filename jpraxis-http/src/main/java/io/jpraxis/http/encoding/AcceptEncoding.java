package io.jpraxis.http.encoding;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Chooses a coding from an {@code Accept-Encoding} field (RFC 9110 12.5.3): {@code q=0} refuses a
 * coding, {@code *} stands for every coding not named, an absent or empty field allows only
 * identity. The highest q wins; ties follow {@link Coding}'s declaration order. A malformed
 * q-value makes its element count as refused, so a bad field never turns compression on.
 */
public final class AcceptEncoding {
    private AcceptEncoding() {
    }

    /** The coding to use, or empty for identity. */
    public static Optional<Coding> choose(String field, Set<Coding> enabled) {
        if (field == null || field.isBlank() || enabled.isEmpty()) {
            return Optional.empty();
        }
        Map<Coding, Integer> named = new EnumMap<>(Coding.class);
        int star = -1;
        for (String element : field.split(",")) {
            String[] parts = element.split(";");
            String token = parts[0].trim().toLowerCase(Locale.ROOT);
            if (token.isEmpty()) {
                continue;
            }
            int q = 1000;
            for (int i = 1; i < parts.length; i++) {
                String param = parts[i].trim();
                if (param.length() >= 2 && (param.charAt(0) == 'q' || param.charAt(0) == 'Q')
                        && param.charAt(1) == '=') {
                    q = qValue(param.substring(2).trim());
                }
            }
            if (token.equals("*")) {
                star = Math.max(star, q);
                continue;
            }
            for (Coding coding : Coding.values()) {
                if (coding.token().equals(token)) {
                    named.merge(coding, q, Math::max);
                }
            }
        }
        Coding best = null;
        int bestQ = 0;
        for (Coding coding : Coding.values()) {
            if (!enabled.contains(coding)) {
                continue;
            }
            int q = named.getOrDefault(coding, star);
            if (q > bestQ) {
                best = coding;
                bestQ = q;
            }
        }
        return Optional.ofNullable(best);
    }

    /** A q-value in thousandths (RFC 9110 12.4.2), or 0 when it is not of that form. */
    static int qValue(String text) {
        if (text.isEmpty() || text.length() > 5) {
            return 0;
        }
        char first = text.charAt(0);
        if (first == '1') {
            for (int i = 1; i < text.length(); i++) {
                char c = text.charAt(i);
                if ((i == 1 && c != '.') || (i > 1 && c != '0')) {
                    return 0;
                }
            }
            return text.length() == 2 ? 0 : 1000;
        }
        if (first != '0') {
            return 0;
        }
        if (text.length() == 1) {
            return 0;
        }
        if (text.charAt(1) != '.' || text.length() == 2) {
            return 0;
        }
        int value = 0;
        int scale = 100;
        for (int i = 2; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            value += (c - '0') * scale;
            scale /= 10;
        }
        return value;
    }
}

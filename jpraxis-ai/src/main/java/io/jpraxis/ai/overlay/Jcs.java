package io.jpraxis.ai.overlay;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The JSON Canonicalization Scheme (RFC 8785) over Jackson trees: the bytes the overlay's semantic
 * digest is taken over.
 */
public final class Jcs {
    private Jcs() {
    }

    /** The canonical text of {@code node}; refuses lone surrogates and non-finite numbers (I-JSON). */
    public static String canonicalize(JsonNode node) {
        StringBuilder out = new StringBuilder();
        write(node, out);
        return out.toString();
    }

    /** The canonical UTF-8 bytes of {@code node}. */
    public static byte[] canonicalBytes(JsonNode node) {
        return canonicalize(node).getBytes(StandardCharsets.UTF_8);
    }

    private static void write(JsonNode node, StringBuilder out) {
        switch (node.getNodeType()) {
            case OBJECT -> writeObject(node, out);
            case ARRAY -> writeArray(node, out);
            case STRING -> writeString(node.textValue(), out);
            case NUMBER -> out.append(number(node.doubleValue()));
            case BOOLEAN -> out.append(node.booleanValue());
            case NULL -> out.append("null");
            case BINARY, MISSING, POJO -> throw new IllegalArgumentException(
                    "not a JSON value: " + node.getNodeType() + " (expected: object, array, string, number, boolean or null)");
        }
    }

    /** RFC 8785 section 3.2.3: members sorted by their names' UTF-16 code units, which String.compareTo compares. */
    private static void writeObject(JsonNode node, StringBuilder out) {
        List<Map.Entry<String, JsonNode>> members = new ArrayList<>(node.properties());
        members.sort(Map.Entry.comparingByKey());
        out.append('{');
        for (int i = 0; i < members.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            writeString(members.get(i).getKey(), out);
            out.append(':');
            write(members.get(i).getValue(), out);
        }
        out.append('}');
    }

    private static void writeArray(JsonNode node, StringBuilder out) {
        out.append('[');
        Iterator<JsonNode> elements = node.elements();
        boolean first = true;
        while (elements.hasNext()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            write(elements.next(), out);
        }
        out.append(']');
    }

    /**
     * RFC 8785 section 3.2.2.2: only {@code "} and {@code \} and the controls are escaped, the
     * controls with their short forms where JSON has one and a six-character escape with lower-case hex
     * otherwise; everything else, non-ASCII included, is written as itself.
     */
    static void writeString(String text, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 0xf, 16));
                    } else if (Character.isSurrogate(c)) {
                        i = writeSurrogatePair(text, i, out);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    private static int writeSurrogatePair(String text, int i, StringBuilder out) {
        char high = text.charAt(i);
        if (Character.isHighSurrogate(high) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
            out.append(high).append(text.charAt(i + 1));
            return i + 1;
        }
        throw new IllegalArgumentException("string with a lone surrogate at index " + i
                + " (expected: well-formed Unicode, RFC 8785 section 3.2.2.2)");
    }

    /**
     * ECMAScript's Number::toString (ECMA-262 section 6.1.6.1.20), as RFC 8785 section 3.2.2.3
     * requires. Double.toString yields the shortest digits that round-trip (JDK 19 and later), the
     * same digits ECMAScript picks; only the layout differs.
     */
    static String number(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            throw new IllegalArgumentException("number: " + value + " (expected: a finite number, RFC 8785 section 3.2.2.3)");
        }
        if (value == 0) {
            return "0"; // -0 too
        }
        if (value < 0) {
            return "-" + number(-value);
        }
        BigDecimal decimal = shortest(value);
        String digits = decimal.unscaledValue().toString();
        int k = digits.length();
        int n = k - decimal.scale(); // value = 0.digits × 10^n
        if (k <= n && n <= 21) {
            return digits + "0".repeat(n - k);
        }
        if (0 < n && n <= 21) {
            return digits.substring(0, n) + "." + digits.substring(n);
        }
        if (-6 < n && n <= 0) {
            return "0." + "0".repeat(-n) + digits;
        }
        int exponent = n - 1;
        String mantissa = k == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        return mantissa + "e" + (exponent < 0 ? "-" : "+") + Math.abs(exponent);
    }

    /**
     * The shortest decimal that rounds to {@code value}. Double.toString is shortest except that it
     * may print two digits where one would do (4.9E-324, where ECMAScript prints 5e-324), so a
     * two-digit result is retried with one digit, keeping whichever one-digit neighbour round-trips
     * (the closer if both do).
     */
    private static BigDecimal shortest(double value) {
        BigDecimal decimal = new BigDecimal(Double.toString(value)).stripTrailingZeros();
        if (decimal.precision() != 2) {
            return decimal;
        }
        BigDecimal exact = new BigDecimal(value);
        BigDecimal best = null;
        for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
            BigDecimal candidate = decimal.round(new MathContext(1, mode));
            if (candidate.doubleValue() == value && (best == null
                    || candidate.subtract(exact).abs().compareTo(best.subtract(exact).abs()) < 0)) {
                best = candidate;
            }
        }
        return best == null ? decimal : best.stripTrailingZeros();
    }
}

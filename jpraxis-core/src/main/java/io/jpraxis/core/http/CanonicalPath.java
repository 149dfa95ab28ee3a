package io.jpraxis.core.http;

/**
 * The one canonical form of a request path that every edge matches and forwards (see
 * docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding), so a rule on {@code
 * /admin} cannot be walked around with {@code //admin}, {@code /./admin}, {@code /x/../admin},
 * {@code /%61dmin} or {@code /admin;x}.
 *
 * <ul>
 *   <li>percent-escapes of unreserved characters ({@code ALPHA DIGIT - . _ ~}, RFC 3986 2.3) are
 *       decoded; every other escape is kept, its hex digits in upper case (RFC 3986 6.2.2.1);</li>
 *   <li>{@code .} and {@code ..} segments are removed (RFC 3986 5.2.4), decoded {@code %2e} ones
 *       too, and repeated slashes merged first (a {@code ..} after {@code //} climbs one segment);</li>
 *   <li>{@code ;} ends a segment's name: the match form drops each segment's parameters, the
 *       forward form keeps them.</li>
 * </ul>
 *
 * <p>Refused: an encoded {@code /} or {@code \} (the origin could split there or not), a raw
 * {@code \} (some origins take it for {@code /}), a {@code #}, a space, a control byte or one above
 * 0x7F (RFC 9112 3.2 and RFC 3986 allow neither; re-encoding would forward other bytes than the
 * client sent), a malformed escape, an escaped control byte ({@code %00}, {@code %0A}: origins that
 * decode would see a NUL or a line break), a {@code .} or {@code ..} segment with parameters
 * (origins disagree on whether {@code ..;x} climbs) and a path that climbs above the root. The query
 * is not normalised, but a control byte, a byte above 0x7F, a space or a {@code #} there is refused too.
 *
 * <p>A path that is already canonical, the usual case, is checked in one pass and returned as it
 * is, without copying.
 */
public final class CanonicalPath {
    private static final RequestPath ASTERISK = new RequestPath("*", "*");
    private static final char[] HEX = "0123456789ABCDEF".toCharArray();
    /** RFC 3986 2.3. */
    private static final boolean[] UNRESERVED = new boolean[128];
    /** Characters that stand for themselves in a canonical path without parameters. */
    private static final boolean[] CLEAN = new boolean[128];

    static {
        for (char c = 0x21; c < 0x7f; c++) {
            UNRESERVED[c] = Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_' || c == '~';
            CLEAN[c] = c != '\\' && c != '#' && c != '%' && c != ';';
        }
    }

    /** What canonicalising gives: the path in both forms, or why it is refused. */
    public sealed interface Result permits RequestPath, Refusal {
    }

    /** Why a request target is refused (each a 400); reasons are safe to show the client. */
    public enum Refusal implements Result {
        NOT_ORIGIN_FORM("request path: not origin-form (expected: starting with '/', RFC 9112 3.2.1)"),
        CONTROL_CHARACTER("request target: a control character (expected: none, RFC 9112 3.2)"),
        NON_ASCII("request target: a byte above 0x7F (expected: percent-encoded, RFC 3986 2.1)"),
        SPACE("request target: a space (expected: percent-encoded as %20, RFC 9112 3.2)"),
        FRAGMENT("request target: '#' (expected: no fragment, RFC 9112 3.2)"),
        BACKSLASH("request path: '\\' (expected: '/' between segments, or %5C is refused too)"),
        MALFORMED_ESCAPE("request path: a malformed percent-escape (expected: '%' and two hex digits)"),
        ENCODED_SEPARATOR("request path: an encoded '/' or '\\' (expected: none; %2F and %5C are refused)"),
        ENCODED_CONTROL("request path: an encoded control character (expected: none; %00-%1F and %7F are refused)"),
        DOT_SEGMENT_WITH_PARAMETERS("request path: a '.' or '..' segment with ';' parameters (expected: none)"),
        ABOVE_ROOT("request path: climbs above the root (expected: no more '..' segments than segments before them)");

        private final String reason;

        Refusal(String reason) {
            this.reason = reason;
        }

        public String reason() {
            return reason;
        }
    }

    private CanonicalPath() {
    }

    /**
     * The canonical path of a request target split into {@code rawPath} and {@code query} (without
     * its {@code ?}, or null), or the refusal of either part.
     */
    public static Result of(String rawPath, String query) {
        Refusal badQuery = query == null ? null : queryRefusal(query);
        return badQuery != null ? badQuery : path(rawPath);
    }

    /** The canonical form of {@code rawPath} (no query), or why it is refused; {@code *} stays itself. */
    public static Result path(String rawPath) {
        if (alreadyCanonical(rawPath)) {
            return new RequestPath(rawPath, rawPath);
        }
        if (rawPath.equals("*")) {
            return ASTERISK; // asterisk-form; whether the method allows it is the edge's check
        }
        if (rawPath.isEmpty() || rawPath.charAt(0) != '/') {
            return Refusal.NOT_ORIGIN_FORM;
        }
        return rebuild(rawPath);
    }

    /** Why {@code query} is refused, or null when it may be forwarded as it is. */
    static Refusal queryRefusal(String query) {
        for (int i = 0; i < query.length(); i++) {
            char c = query.charAt(i);
            if (c < 0x20 || c >= 0x7f || c == ' ' || c == '#') {
                return literalRefusal(c);
            }
        }
        return null;
    }

    /**
     * Whether {@code raw} is canonical and has no parameters: only clean characters, upper-case
     * escapes of reserved or non-ASCII octets, no empty segment but the last, no dot segment.
     * Conservative: false sends the path to {@link #rebuild}, which decides.
     */
    static boolean alreadyCanonical(String raw) {
        int n = raw.length();
        if (n == 0 || raw.charAt(0) != '/') {
            return false;
        }
        for (int i = 0; i < n; i++) {
            char c = raw.charAt(i);
            if (c == '/') {
                if (i + 1 < n && (raw.charAt(i + 1) == '/' || dotSegmentAt(raw, i + 1))) {
                    return false;
                }
            } else if (c == '%') {
                int v = i + 2 < n ? upperHexOctet(raw.charAt(i + 1), raw.charAt(i + 2)) : -1;
                if (v < 0x20 || v == 0x7f || v == '/' || v == '\\' || (v < 0x80 && UNRESERVED[v])) {
                    return false;
                }
                i += 2;
            } else if (c >= 0x80 || !CLEAN[c]) {
                return false;
            }
        }
        return true;
    }

    /** Whether a {@code .} or {@code ..} segment starts at {@code at} (ends at a slash or the end). */
    private static boolean dotSegmentAt(String raw, int at) {
        int n = raw.length();
        if (raw.charAt(at) != '.') {
            return false;
        }
        int next = at + 1 < n && raw.charAt(at + 1) == '.' ? at + 2 : at + 1;
        return next == n || raw.charAt(next) == '/';
    }

    /**
     * Rebuilds a path that starts with '/' segment by segment: each segment's escapes canonicalised
     * first, so a decoded {@code %2e%2e} is a {@code ..} like a literal one; empty segments dropped
     * (merged slashes) but for the last, which keeps a trailing slash.
     */
    static Result rebuild(String raw) {
        int n = raw.length();
        StringBuilder forward = new StringBuilder(n);
        int[] starts = new int[8];
        int depth = 0;
        boolean trailingSlash = false;
        int from = 1;
        while (true) {
            int end = raw.indexOf('/', from);
            boolean last = end < 0;
            end = last ? n : end;
            int mark = forward.length();
            forward.append('/');
            Refusal bad = appendSegment(raw, from, end, forward);
            if (bad != null) {
                return bad;
            }
            int length = forward.length() - mark - 1;
            int dots = dots(forward, mark + 1, length);
            if (dots > 0) {
                forward.setLength(mark);
                if (dots == 2) {
                    if (depth == 0) {
                        return Refusal.ABOVE_ROOT;
                    }
                    forward.setLength(starts[--depth]);
                }
                trailingSlash = last; // RFC 3986 5.2.4: "/a/b/.." is "/a/"
            } else if (dots < 0) {
                return Refusal.DOT_SEGMENT_WITH_PARAMETERS;
            } else if (length == 0) {
                forward.setLength(mark);
                trailingSlash = last;
            } else {
                if (depth == starts.length) {
                    starts = java.util.Arrays.copyOf(starts, depth * 2);
                }
                starts[depth++] = mark;
                trailingSlash = false;
            }
            if (last) {
                break;
            }
            from = end + 1;
        }
        if (trailingSlash || forward.isEmpty()) {
            forward.append('/');
        }
        String canonical = forward.toString();
        return new RequestPath(matchForm(canonical), canonical);
    }

    /**
     * 1 for a {@code .} segment, 2 for {@code ..}, -1 for either with {@code ;} parameters, 0 for
     * any other segment of {@code length} characters at {@code at}.
     */
    private static int dots(StringBuilder out, int at, int length) {
        int name = 0;
        while (name < length && out.charAt(at + name) == '.') {
            name++;
        }
        if (name == 0 || name > 2 || (name < length && out.charAt(at + name) != ';')) {
            return 0;
        }
        return name == length ? name : -1;
    }

    /** Appends {@code raw[from, to)} with its escapes canonicalised, or says why it is refused. */
    private static Refusal appendSegment(String raw, int from, int to, StringBuilder out) {
        for (int i = from; i < to; i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int v = i + 2 < to ? hexOctet(raw.charAt(i + 1), raw.charAt(i + 2)) : -1;
                if (v < 0) {
                    return Refusal.MALFORMED_ESCAPE;
                }
                if (v == '/' || v == '\\') {
                    return Refusal.ENCODED_SEPARATOR;
                }
                if (v < 0x20 || v == 0x7f) {
                    return Refusal.ENCODED_CONTROL;
                }
                if (v < 0x80 && UNRESERVED[v]) {
                    out.append((char) v);
                } else {
                    out.append('%').append(HEX[v >> 4]).append(HEX[v & 0xf]);
                }
                i += 2;
            } else if (c < 0x80 && (CLEAN[c] || c == ';')) {
                out.append(c);
            } else {
                return literalRefusal(c);
            }
        }
        return null;
    }

    /** The refusal of a character that may not appear literally in a path. */
    private static Refusal literalRefusal(char c) {
        if (c < 0x20 || c == 0x7f) {
            return Refusal.CONTROL_CHARACTER;
        }
        if (c >= 0x80) {
            return Refusal.NON_ASCII;
        }
        return switch (c) {
            case ' ' -> Refusal.SPACE;
            case '#' -> Refusal.FRAGMENT;
            default -> Refusal.BACKSLASH;
        };
    }

    /** The forward form without each segment's parameters; a segment left empty merges away. */
    static String matchForm(String forward) {
        if (forward.indexOf(';') < 0) {
            return forward;
        }
        int n = forward.length();
        StringBuilder match = new StringBuilder(n);
        boolean trailingSlash = false;
        for (int from = 1; from <= n; ) {
            int end = forward.indexOf('/', from);
            end = end < 0 ? n : end;
            int semicolon = forward.indexOf(';', from);
            int nameEnd = semicolon >= 0 && semicolon < end ? semicolon : end;
            if (nameEnd > from) {
                match.append('/').append(forward, from, nameEnd);
                trailingSlash = false;
            } else {
                trailingSlash = end == n;
            }
            from = end + 1;
        }
        if (trailingSlash || match.isEmpty()) {
            match.append('/');
        }
        return match.toString();
    }

    private static int hexOctet(char high, char low) {
        int h = Character.digit(high, 16);
        int l = Character.digit(low, 16);
        return h < 0 || l < 0 || high >= 0x80 || low >= 0x80 ? -1 : h << 4 | l;
    }

    /** Like {@link #hexOctet} but upper-case digits only: a lower-case escape is not canonical. */
    private static int upperHexOctet(char high, char low) {
        return Character.isLowerCase(high) || Character.isLowerCase(low) ? -1 : hexOctet(high, low);
    }
}

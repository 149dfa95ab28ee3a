package io.jpraxis.core.tracecontext;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Validation of the W3C {@code tracestate} header (Trace Context, section 3.3): the list the
 * filter forwards, or nothing when the header is absent or invalid.
 *
 * <p>Several header lines form one list (section 3.3.1.1). Empty members and the optional white
 * space around members are allowed and dropped. A list with more than 32 members, a repeated key,
 * or a member that breaks the key or value grammar is invalid as a whole and is not forwarded:
 * the gateway cannot tell which vendor's entry is the broken one.
 */
public final class TraceState {
    /** Most list members (section 3.3.1.1). */
    public static final int MAX_MEMBERS = 32;
    /** Longest simple key and longest value (section 3.3.1.3). */
    static final int MAX_KEY = 256;
    static final int MAX_VALUE = 256;
    private static final int MAX_TENANT = 241;
    private static final int MAX_SYSTEM = 14;

    private TraceState() {
    }

    /** The members of {@code lines} joined by commas, or null when there are none or the list is invalid. */
    public static String normalize(List<String> lines) {
        if (lines.isEmpty()) {
            return null;
        }
        List<String> members = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (String line : lines) {
            for (String raw : line.split(",", -1)) {
                String member = trimOws(raw);
                if (member.isEmpty()) {
                    continue;
                }
                int eq = member.indexOf('=');
                if (eq < 0 || !isKey(member.substring(0, eq)) || !isValue(member, eq + 1)
                        || !keys.add(member.substring(0, eq)) || members.size() == MAX_MEMBERS) {
                    return null;
                }
                members.add(member);
            }
        }
        return members.isEmpty() ? null : String.join(",", members);
    }

    /** {@code simple-key} or {@code tenant-id "@" system-id} (section 3.3.1.3.1). */
    static boolean isKey(String key) {
        int at = key.indexOf('@');
        if (at < 0) {
            return key.length() <= MAX_KEY && isLcAlpha(key, 0) && restAreKeyChars(key, 1, key.length());
        }
        return at >= 1 && at <= MAX_TENANT && (isLcAlpha(key, 0) || isDigit(key, 0)) && restAreKeyChars(key, 1, at)
                && key.length() - at - 1 >= 1 && key.length() - at - 1 <= MAX_SYSTEM && isLcAlpha(key, at + 1)
                && restAreKeyChars(key, at + 2, key.length());
    }

    /** 1 to 256 printable ASCII characters without {@code ,} or {@code =}, not ending in a space. */
    static boolean isValue(String member, int from) {
        int length = member.length() - from;
        if (length < 1 || length > MAX_VALUE || member.charAt(member.length() - 1) == ' ') {
            return false;
        }
        for (int i = from; i < member.length(); i++) {
            char c = member.charAt(i);
            if (c < 0x20 || c > 0x7e || c == ',' || c == '=') {
                return false;
            }
        }
        return true;
    }

    private static boolean restAreKeyChars(String key, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = key.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '*' || c == '/')) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLcAlpha(String s, int i) {
        return i < s.length() && s.charAt(i) >= 'a' && s.charAt(i) <= 'z';
    }

    private static boolean isDigit(String s, int i) {
        return i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9';
    }

    /** Without leading and trailing spaces and tabs (RFC 9110 5.6.3 OWS). */
    private static String trimOws(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && (s.charAt(start) == ' ' || s.charAt(start) == '\t')) {
            start++;
        }
        while (end > start && (s.charAt(end - 1) == ' ' || s.charAt(end - 1) == '\t')) {
            end--;
        }
        return s.substring(start, end);
    }
}

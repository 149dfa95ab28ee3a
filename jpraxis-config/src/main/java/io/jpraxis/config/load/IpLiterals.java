package io.jpraxis.config.load;

import java.util.Arrays;

/**
 * Parses IP address literals without touching DNS ({@code InetAddress.getByName} would resolve a
 * hostname; config loading must not do network I/O).
 */
public final class IpLiterals {
    private IpLiterals() {
    }

    /** Whether the text is made only of digits and dots, i.e. meant as an IPv4 literal. */
    public static boolean looksLikeIpv4(String s) {
        if (s.isEmpty()) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '.' && (c < '0' || c > '9')) {
                return false;
            }
        }
        return true;
    }

    /** Four bytes of a dotted-quad literal ({@code 10.0.0.1}), or null. Leading zeros are refused (ambiguous octal). */
    public static byte[] ipv4(String s) {
        String[] parts = s.split("\\.", -1);
        if (parts.length != 4) {
            return null;
        }
        byte[] out = new byte[4];
        for (int i = 0; i < 4; i++) {
            String p = parts[i];
            if (p.isEmpty() || p.length() > 3 || (p.length() > 1 && p.charAt(0) == '0') || !looksLikeIpv4(p)) {
                return null;
            }
            int v = Integer.parseInt(p);
            if (v > 255) {
                return null;
            }
            out[i] = (byte) v;
        }
        return out;
    }

    /** Sixteen bytes of an IPv6 literal without brackets or zone ({@code fd00:ec2::254}), or null. */
    public static byte[] ipv6(String s) {
        if (s.isEmpty() || s.indexOf(':') < 0) {
            return null;
        }
        int doubleColon = s.indexOf("::");
        if (doubleColon >= 0 && s.indexOf("::", doubleColon + 1) >= 0) {
            return null;
        }
        String head = doubleColon >= 0 ? s.substring(0, doubleColon) : s;
        String tail = doubleColon >= 0 ? s.substring(doubleColon + 2) : "";
        int[] headGroups = groups(head, doubleColon < 0);
        int[] tailGroups = groups(tail, true);
        if (headGroups == null || tailGroups == null) {
            return null;
        }
        int total = headGroups.length + tailGroups.length;
        if (doubleColon < 0 ? total != 8 : total > 7) {
            return null;
        }
        byte[] out = new byte[16];
        for (int i = 0; i < headGroups.length; i++) {
            put(out, i, headGroups[i]);
        }
        for (int i = 0; i < tailGroups.length; i++) {
            put(out, 8 - tailGroups.length + i, tailGroups[i]);
        }
        return out;
    }

    /** 16-bit groups of one side of {@code ::}; an IPv4 tail counts as two groups. */
    private static int[] groups(String part, boolean ipv4TailAllowed) {
        if (part.isEmpty()) {
            return new int[0];
        }
        String[] texts = part.split(":", -1);
        int[] out = new int[texts.length + 1];
        int n = 0;
        for (int i = 0; i < texts.length; i++) {
            String g = texts[i];
            if (i == texts.length - 1 && ipv4TailAllowed && g.indexOf('.') >= 0) {
                byte[] v4 = ipv4(g);
                if (v4 == null) {
                    return null;
                }
                out[n++] = ((v4[0] & 0xff) << 8) | (v4[1] & 0xff);
                out[n++] = ((v4[2] & 0xff) << 8) | (v4[3] & 0xff);
                continue;
            }
            if (g.isEmpty() || g.length() > 4 || !isHex(g)) {
                return null;
            }
            out[n++] = Integer.parseInt(g, 16);
        }
        return Arrays.copyOf(out, n);
    }

    private static boolean isHex(String g) {
        for (int i = 0; i < g.length(); i++) {
            if (Character.digit(g.charAt(i), 16) < 0 || g.charAt(i) > 'f') {
                return false;
            }
        }
        return true;
    }

    private static void put(byte[] out, int group, int value) {
        out[group * 2] = (byte) (value >> 8);
        out[group * 2 + 1] = (byte) value;
    }
}

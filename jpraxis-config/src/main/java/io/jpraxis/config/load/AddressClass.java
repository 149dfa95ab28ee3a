package io.jpraxis.config.load;

import java.util.Locale;

/**
 * Which range a literal address falls in. Endpoints in any range but {@link #PUBLIC} need
 * {@code insecure_options.allow_private_endpoints}; an admin bind outside {@link #LOOPBACK} needs
 * {@code allow_public_admin}.
 */
public enum AddressClass {
    /** A public address, or a hostname (which config loading does not resolve). */
    PUBLIC("public"),
    LOOPBACK("loopback"),
    /** RFC 1918 IPv4 and unique-local IPv6 ({@code fc00::/7}). */
    PRIVATE("private"),
    LINK_LOCAL("link-local"),
    /** 169.254.169.254 and fd00:ec2::254, where clouds answer credential requests. */
    CLOUD_METADATA("cloud-metadata"),
    /** 0.0.0.0/8 and {@code ::}; connecting to them reaches the local host. */
    UNSPECIFIED("unspecified");

    private final String label;

    AddressClass(String label) {
        this.label = label;
    }

    /** The word used in diagnostics ({@code link-local}). */
    public String label() {
        return label;
    }

    /** Classifies a host as written in config: an IP literal (IPv6 without brackets) or a name. */
    public static AddressClass of(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.equals("localhost") || h.endsWith(".localhost") || h.equals("localhost.")) {
            return LOOPBACK;
        }
        byte[] v4 = IpLiterals.ipv4(h);
        if (v4 != null) {
            return ofIpv4(v4);
        }
        byte[] v6 = IpLiterals.ipv6(h);
        return v6 == null ? PUBLIC : ofIpv6(v6);
    }

    /** Classifies a 4-byte or 16-byte address (e.g. one DNS returned). */
    public static AddressClass of(byte[] address) {
        return address.length == 4 ? ofIpv4(address) : ofIpv6(address);
    }

    private static AddressClass ofIpv4(byte[] a) {
        int b0 = a[0] & 0xff;
        int b1 = a[1] & 0xff;
        if (b0 == 127) {
            return LOOPBACK;
        }
        if (b0 == 0) {
            return UNSPECIFIED;
        }
        if (b0 == 169 && b1 == 254) {
            return (a[2] & 0xff) == 169 && (a[3] & 0xff) == 254 ? CLOUD_METADATA : LINK_LOCAL;
        }
        if (b0 == 10 || (b0 == 172 && b1 >= 16 && b1 <= 31) || (b0 == 192 && b1 == 168)) {
            return PRIVATE;
        }
        return PUBLIC;
    }

    private static AddressClass ofIpv6(byte[] a) {
        if (isMappedIpv4(a)) {
            return ofIpv4(new byte[] {a[12], a[13], a[14], a[15]});
        }
        if (allZero(a, 0, 15)) {
            return (a[15] & 0xff) == 1 ? LOOPBACK : (a[15] == 0 ? UNSPECIFIED : PUBLIC);
        }
        if (isEc2Metadata(a)) {
            return CLOUD_METADATA;
        }
        int b0 = a[0] & 0xff;
        if ((b0 & 0xfe) == 0xfc) {
            return PRIVATE;
        }
        if (b0 == 0xfe && (a[1] & 0xc0) == 0x80) {
            return LINK_LOCAL;
        }
        return PUBLIC;
    }

    /** {@code ::ffff:a.b.c.d}. */
    private static boolean isMappedIpv4(byte[] a) {
        return allZero(a, 0, 10) && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff;
    }

    /** {@code fd00:ec2::254}. */
    private static boolean isEc2Metadata(byte[] a) {
        return (a[0] & 0xff) == 0xfd && a[1] == 0 && a[2] == 0x0e && (a[3] & 0xff) == 0xc2
                && allZero(a, 4, 14) && a[14] == 0x02 && a[15] == 0x54;
    }

    private static boolean allZero(byte[] a, int from, int to) {
        for (int i = from; i < to; i++) {
            if (a[i] != 0) {
                return false;
            }
        }
        return true;
    }
}

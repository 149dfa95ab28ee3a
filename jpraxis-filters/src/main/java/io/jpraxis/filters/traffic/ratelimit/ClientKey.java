package io.jpraxis.filters.traffic.ratelimit;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The bucket key of a client: its address as 128 bits, an IPv6 address cut to the configured
 * prefix. IPv4 clients, and IPv4 clients seen through an IPv4-mapped IPv6 address (RFC 4291
 * 2.5.5.2, as on a dual-stack socket), are keyed by their full IPv4 address in the mapped form,
 * so both spellings of one client share a bucket.
 */
record ClientKey(long high, long low) {
    /** {@code ::ffff:0:0}, the IPv4-mapped prefix, as the low 64 bits. */
    private static final long MAPPED_IPV4 = 0x0000_FFFF_0000_0000L;

    /**
     * The key of {@code client} with IPv6 addresses cut to {@code ipv6PrefixLen} bits, or null
     * when the address is unknown (an unresolved name: the caller then fails closed).
     */
    static ClientKey of(InetSocketAddress client, int ipv6PrefixLen) {
        InetAddress address = client == null ? null : client.getAddress();
        if (address == null) {
            return null;
        }
        byte[] b = address.getAddress();
        if (b.length == 4) {
            return new ClientKey(0, MAPPED_IPV4 | (readInt(b, 0) & 0xFFFF_FFFFL));
        }
        long high = readLong(b, 0);
        long low = readLong(b, 8);
        if (high == 0 && (low & 0xFFFF_FFFF_0000_0000L) == MAPPED_IPV4) {
            return new ClientKey(0, low);
        }
        return new ClientKey(high & highMask(ipv6PrefixLen), low & lowMask(ipv6PrefixLen));
    }

    /**
     * The key of an authenticated subject: the first 128 bits of its SHA-256, so the table holds no
     * subject (an identity) and every key has one size whatever the subject's length.
     */
    static ClientKey ofSubject(String subject) {
        try {
            byte[] b = MessageDigest.getInstance("SHA-256")
                    .digest(subject.getBytes(StandardCharsets.UTF_8));
            return new ClientKey(readLong(b, 0), readLong(b, 8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required of every Java platform", e);
        }
    }

    static long highMask(int prefixLen) {
        return prefixLen >= 64 ? -1L : -1L << (64 - prefixLen);
    }

    static long lowMask(int prefixLen) {
        return prefixLen <= 64 ? 0 : -1L << (128 - prefixLen);
    }

    private static long readLong(byte[] b, int at) {
        return ((long) readInt(b, at) << 32) | (readInt(b, at + 4) & 0xFFFF_FFFFL);
    }

    private static int readInt(byte[] b, int at) {
        return (b[at] & 0xFF) << 24 | (b[at + 1] & 0xFF) << 16 | (b[at + 2] & 0xFF) << 8 | (b[at + 3] & 0xFF);
    }
}

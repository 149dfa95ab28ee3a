package io.jpraxis.filters.support;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Optional;

/**
 * An IPv4 or IPv6 range ({@code 10.0.0.0/8}, {@code 2001:db8::/32}, or a bare address as a /32 or
 * /128). IPv4-mapped IPv6 ({@code ::ffff:a.b.c.d}) is normalised to IPv4 on both sides, and
 * {@code 0.0.0.0/0} matches every address, IPv6 included (praxis-edge.md 5.1).
 */
public record Cidr(byte[] network, int prefix) {

    public Cidr {
        network = network.clone();
    }

    /** The range {@code text} names, or empty when it is not an IP literal with a valid prefix. */
    public static Optional<Cidr> parse(String text) {
        String t = text.strip();
        int slash = t.indexOf('/');
        String addr = slash < 0 ? t : t.substring(0, slash);
        Optional<byte[]> raw = rawLiteral(addr);
        if (raw.isEmpty()) {
            return Optional.empty();
        }
        Optional<byte[]> bytes = raw.map(Cidr::normalise);
        int bits = raw.get().length * 8;
        int prefix = bits;
        if (slash >= 0) {
            String p = t.substring(slash + 1);
            if (p.isEmpty() || p.length() > 3 || !p.chars().allMatch(c -> c >= '0' && c <= '9')) {
                return Optional.empty();
            }
            prefix = Integer.parseInt(p);
            if (prefix > bits) {
                return Optional.empty();
            }
        }
        if (raw.get().length == 16 && bytes.get().length == 4) { // ::ffff:a.b.c.d/n
            prefix = slash < 0 ? 32 : prefix - 96;
            if (prefix < 0) {
                return Optional.empty(); // wider than the mapped block: no IPv4 meaning
            }
        }
        return Optional.of(new Cidr(mask(bytes.get(), prefix), prefix));
    }

    /** Whether {@code address} lies in this range. */
    public boolean contains(InetAddress address) {
        byte[] a = normalise(address.getAddress());
        if (prefix == 0 && network.length == 4) {
            return true; // 0.0.0.0/0 covers IPv6 peers too
        }
        if (a.length != network.length) {
            return false;
        }
        return Arrays.equals(mask(a, prefix), network);
    }

    /** The address bytes with IPv4-mapped IPv6 reduced to its four IPv4 bytes. */
    public static byte[] normalise(byte[] a) {
        if (a.length != 16) {
            return a;
        }
        for (int i = 0; i < 10; i++) {
            if (a[i] != 0) {
                return a;
            }
        }
        if (a[10] != (byte) 0xff || a[11] != (byte) 0xff) {
            return a;
        }
        return Arrays.copyOfRange(a, 12, 16);
    }

    /** The bytes of an IP literal; never a DNS lookup (only hex digits, dots and colons pass). */
    public static Optional<byte[]> literal(String text) {
        return rawLiteral(text).map(Cidr::normalise);
    }

    private static Optional<byte[]> rawLiteral(String text) {
        if (text.isEmpty() || text.length() > 45
                || !text.chars().allMatch(c -> Character.digit(c, 16) >= 0 || c == '.' || c == ':')) {
            return Optional.empty();
        }
        if (text.indexOf(':') < 0 && text.chars().filter(c -> c == '.').count() != 3) {
            return Optional.empty(); // "10" or "10.1" would be read as shorthand IPv4
        }
        if (text.indexOf(':') < 0 && !text.chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9'))) {
            return Optional.empty();
        }
        try {
            byte[] a = InetAddress.getByName(text).getAddress();
            // Java already reads "::ffff:a.b.c.d" as IPv4; say it was IPv6 so the prefix is shifted.
            return Optional.of(a.length == 4 && text.indexOf(':') >= 0 ? mapped(a) : a);
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static byte[] mapped(byte[] v4) {
        byte[] out = new byte[16];
        out[10] = (byte) 0xff;
        out[11] = (byte) 0xff;
        System.arraycopy(v4, 0, out, 12, 4);
        return out;
    }

    private static byte[] mask(byte[] a, int prefix) {
        byte[] out = a.clone();
        for (int i = 0; i < out.length; i++) {
            int keep = Math.max(0, Math.min(8, prefix - i * 8));
            out[i] &= (byte) (0xff << (8 - keep));
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Cidr c && c.prefix == prefix && Arrays.equals(c.network, network);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(network) * 31 + prefix;
    }

    @Override
    public String toString() {
        try {
            return InetAddress.getByAddress(network).getHostAddress() + "/" + prefix;
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}

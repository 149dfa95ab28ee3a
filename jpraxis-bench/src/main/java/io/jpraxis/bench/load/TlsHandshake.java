package io.jpraxis.bench.load;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a TLS target negotiated with {@code openssl s_client} offering ALPN h2 and http/1.1,
 * checked once after it started, so the report shows every target pinned alike rather than
 * trusting the configs.
 *
 * @param keyExchange the server's ephemeral key ({@code X25519, 253 bits})
 * @param alpn the protocol ALPN chose, or {@code none}
 */
public record TlsHandshake(String target, String protocol, String cipher, String keyExchange, String alpn) {
    /**
     * The handshake summary, printed as soon as the handshake ends (the {@code SSL-Session} block
     * comes only with a session ticket, which a server may send after s_client has left).
     */
    private static final Pattern SUMMARY = Pattern.compile("(?m)^New, (\\S+), Cipher is (\\S+)");
    private static final Pattern KEY = Pattern.compile("(?m)^(?:Server|Peer) Temp Key: (.+)$");
    private static final Pattern ALPN = Pattern.compile("(?m)^ALPN protocol: (\\S+)");
    private static final String UNKNOWN = "?";

    /**
     * Runs {@code openssl s_client} against {@code target}'s port, pinned through the same
     * {@code OPENSSL_CONF} as wrk (so the check also shows that pin takes), and reads what it printed.
     */
    public static TlsHandshake check(Target target, Map<String, String> clientEnvironment) {
        String out = ShortCommand.output(clientEnvironment, "openssl", "s_client", "-connect", target.authority(),
                "-servername", "localhost", "-alpn", "h2,http/1.1").orElse("");
        return parse(target.kind().cliName(), out);
    }

    /** Reads {@code s_client}'s output; a figure it did not print is {@code ?}. */
    static TlsHandshake parse(String target, String out) {
        Matcher summary = SUMMARY.matcher(out);
        boolean found = summary.find();
        return new TlsHandshake(target, found ? summary.group(1) : UNKNOWN, found ? summary.group(2) : UNKNOWN,
                find(KEY, out).orElse(UNKNOWN), find(ALPN, out).orElse(out.contains("No ALPN") ? "none" : UNKNOWN));
    }

    /**
     * Whether this handshake is the one every TLS target is pinned to (ALPN aside: the floor proxy
     * speaks HTTP/1.1 only and says so by choosing none).
     */
    public boolean pinned() {
        return protocol.equals("TLSv1.3") && cipher.equals(ClientTlsPin.SUITE);
    }

    private static Optional<String> find(Pattern p, String text) {
        Matcher m = p.matcher(text);
        return m.find() ? Optional.of(m.group(1).trim()) : Optional.empty();
    }
}

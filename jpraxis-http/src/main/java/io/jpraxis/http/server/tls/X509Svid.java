package io.jpraxis.http.server.tls;

import java.security.cert.CertificateException;
import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The X.509-SVID rules a {@code require_named} client certificate must meet (see
 * docs/behaviour/tls-connections.md#client-certificates): exactly one URI SAN, a leaf SPIFFE ID
 * ({@code spiffe://trust-domain/path}), not a CA, no {@code keyCertSign} or {@code cRLSign} key
 * usage, no critical extension this check does not know.
 */
final class X509Svid {
    /** SAN type 6 (RFC 5280 4.2.1.6). */
    static final int URI_SAN = 6;
    private static final int KEY_CERT_SIGN = 5;
    private static final int CRL_SIGN = 6;
    /** keyUsage, subjectAltName, basicConstraints, extKeyUsage, subject and authority key ids, policies. */
    private static final Set<String> KNOWN_CRITICAL = Set.of("2.5.29.15", "2.5.29.17", "2.5.29.19", "2.5.29.37",
            "2.5.29.14", "2.5.29.35", "2.5.29.32");
    /** Trust domain: lower-case letters, digits, dot, dash, underscore; path segments add upper case. */
    private static final Pattern SPIFFE_ID =
            Pattern.compile("spiffe://[a-z0-9._-]+(/[A-Za-z0-9._-]+)+");

    private X509Svid() {
    }

    /**
     * The certificate's SPIFFE ID.
     *
     * @throws CertificateException naming the rule {@code leaf} breaks
     */
    static String spiffeId(X509Certificate leaf) throws CertificateException {
        if (leaf.getBasicConstraints() >= 0) {
            throw new CertificateException("client certificate is a CA certificate (expected: an X.509-SVID leaf)");
        }
        boolean[] usage = leaf.getKeyUsage();
        if (usage != null && (usage.length > KEY_CERT_SIGN && usage[KEY_CERT_SIGN]
                || usage.length > CRL_SIGN && usage[CRL_SIGN])) {
            throw new CertificateException("client certificate key usage allows keyCertSign or cRLSign"
                    + " (expected: an X.509-SVID leaf)");
        }
        Set<String> critical = leaf.getCriticalExtensionOIDs();
        if (critical != null) {
            Set<String> unknown = new HashSet<>(critical);
            unknown.removeAll(KNOWN_CRITICAL);
            if (!unknown.isEmpty()) {
                throw new CertificateException("client certificate has unrecognised critical extensions "
                        + unknown.stream().sorted().toList());
            }
        }
        List<String> uris = uriSans(leaf);
        if (uris.size() != 1) {
            throw new CertificateException("client certificate has " + uris.size()
                    + " URI SANs (expected: exactly one, a SPIFFE ID)");
        }
        String id = uris.get(0);
        if (!isLeafSpiffeId(id)) {
            throw new CertificateException("client certificate URI SAN " + id
                    + " (expected: a SPIFFE ID spiffe://trust-domain/path)");
        }
        return id;
    }

    static boolean isLeafSpiffeId(String id) {
        if (!SPIFFE_ID.matcher(id).matches()) {
            return false;
        }
        for (String segment : id.substring("spiffe://".length()).split("/", -1)) {
            if (segment.equals(".") || segment.equals("..")) {
                return false;
            }
        }
        return true;
    }

    /** The URI SANs in certificate order. */
    static List<String> uriSans(X509Certificate cert) throws CertificateParsingException {
        return sans(cert, URI_SAN);
    }

    static List<String> sans(X509Certificate cert, int type) throws CertificateParsingException {
        Collection<List<?>> all = cert.getSubjectAlternativeNames();
        List<String> out = new ArrayList<>();
        if (all != null) {
            for (List<?> san : all) {
                if (san.size() >= 2 && san.get(0) instanceof Integer t && t == type && san.get(1) instanceof String v) {
                    out.add(v);
                }
            }
        }
        return out;
    }
}

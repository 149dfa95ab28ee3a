package io.jpraxis.filters.security.jwt;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The signature algorithms {@code jwt_auth} may accept (RFC 7518 section 3), each bound to the one
 * key type it verifies with, so a token can never choose how its own key is used: an {@code HS256}
 * token is never checked with an RSA public key as an HMAC secret (RFC 8725 section 2.1 and 3.1).
 * {@code none} is not a member at all (see docs/reference/filters/jwt_auth.md#algorithms).
 */
public enum JwtAlgorithm {
    RS256(JWSAlgorithm.RS256, KeyType.RSA, null, 0),
    RS384(JWSAlgorithm.RS384, KeyType.RSA, null, 0),
    RS512(JWSAlgorithm.RS512, KeyType.RSA, null, 0),
    PS256(JWSAlgorithm.PS256, KeyType.RSA, null, 0),
    PS384(JWSAlgorithm.PS384, KeyType.RSA, null, 0),
    PS512(JWSAlgorithm.PS512, KeyType.RSA, null, 0),
    ES256(JWSAlgorithm.ES256, KeyType.EC, Curve.P_256, 0),
    ES384(JWSAlgorithm.ES384, KeyType.EC, Curve.P_384, 0),
    ES512(JWSAlgorithm.ES512, KeyType.EC, Curve.P_521, 0),
    HS256(JWSAlgorithm.HS256, KeyType.OCT, null, 256),
    HS384(JWSAlgorithm.HS384, KeyType.OCT, null, 384),
    HS512(JWSAlgorithm.HS512, KeyType.OCT, null, 512);

    /** What Praxis's proposal verified; the default allow-list. */
    public static final List<JwtAlgorithm> DEFAULTS = List.of(RS256, RS384, RS512, ES256);
    /** RSA keys shorter than this are refused (RFC 7518 section 3.3 asks for 2048 bits or more). */
    public static final int MIN_RSA_BITS = 2048;

    private final JWSAlgorithm jose;
    private final KeyType keyType;
    private final Curve curve;
    private final int minSecretBits;

    JwtAlgorithm(JWSAlgorithm jose, KeyType keyType, Curve curve, int minSecretBits) {
        this.jose = jose;
        this.keyType = keyType;
        this.curve = curve;
        this.minSecretBits = minSecretBits;
    }

    public JWSAlgorithm jose() {
        return jose;
    }

    /** Whether this is an HMAC algorithm (a shared secret rather than a public key). */
    public boolean symmetric() {
        return keyType == KeyType.OCT;
    }

    /** The names as YAML writes them, in declaration order. */
    public static List<String> names() {
        return Arrays.stream(values()).map(Enum::name).toList();
    }

    /** The member named exactly {@code name} ({@code RS256}), if any. */
    public static Optional<JwtAlgorithm> named(String name) {
        return Arrays.stream(values()).filter(a -> a.name().equals(name)).findFirst();
    }

    /** The member for a token header's {@code alg}, if it is one of ours. */
    public static Optional<JwtAlgorithm> of(JWSAlgorithm alg) {
        return Arrays.stream(values()).filter(a -> a.jose.equals(alg)).findFirst();
    }

    /**
     * Whether {@code key} can verify this algorithm: the right key type (and curve for EC), a key
     * meant for signatures, and, when the key names its own {@code alg}, that one.
     */
    public boolean fits(JWK key) {
        if (!keyType.equals(key.getKeyType())) {
            return false;
        }
        if (key.getKeyUse() != null && !"sig".equals(key.getKeyUse().identifier())) {
            return false;
        }
        if (key.getAlgorithm() != null && !jose.getName().equals(key.getAlgorithm().getName())) {
            return false;
        }
        if (curve != null) {
            return key instanceof ECKey ec && curve.equals(ec.getCurve());
        }
        return !(key instanceof OctetSequenceKey oct) || oct.size() >= minSecretBits;
    }
}

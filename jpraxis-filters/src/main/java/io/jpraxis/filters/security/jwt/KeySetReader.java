package io.jpraxis.filters.security.jwt;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyType;
import com.nimbusds.jose.jwk.OctetSequenceKey;
import com.nimbusds.jose.jwk.RSAKey;
import java.text.ParseException;
import java.util.ArrayList;
import java.util.List;

/**
 * Parses a JSON Web Key Set (RFC 7517 section 5) and keeps the keys {@code jwt_auth} may verify
 * with. A set from config ({@code jwks_file}, {@code jwks}) is strict: a key it cannot use is an
 * error, since the operator wrote it (a key no listed algorithm can use is only noted). A fetched set is lenient: identity providers publish
 * encryption keys and key types beside the signing keys, and those are skipped with a note.
 * Private parts are dropped; only public keys (and HMAC secrets from config) are kept.
 */
final class KeySetReader {
    /** Keys one set may hold: a bound on the work of an unknown-kid search. */
    static final int MAX_KEYS = 100;

    /** The kept keys, and what was wrong (errors) or worth saying (notes), each naming its key. */
    record Result(KeySet keys, List<String> errors, List<String> notes) {
    }

    private KeySetReader() {
    }

    /**
     * Reads {@code json}. {@code strict} makes every unusable key an error; {@code allowSecrets}
     * admits {@code oct} keys (never from a URL: a shared secret must not be served).
     */
    static Result read(String json, List<JwtAlgorithm> algorithms, boolean strict, boolean allowSecrets) {
        List<String> errors = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<JWK> parsed;
        try {
            parsed = JWKSet.parse(json).getKeys();
        } catch (ParseException e) {
            // The parser's message names the missing or malformed member, never a key's value.
            errors.add("not a JSON Web Key Set (" + e.getMessage() + ")");
            return new Result(new KeySet(List.of()), errors, notes);
        }
        if (parsed.size() > MAX_KEYS) {
            errors.add(parsed.size() + " keys (expected: at most " + MAX_KEYS + ")");
            return new Result(new KeySet(List.of()), errors, notes);
        }
        List<JWK> kept = new ArrayList<>();
        for (int i = 0; i < parsed.size(); i++) {
            JWK key = parsed.get(i);
            String problem = problem(key, allowSecrets);
            String name = "keys[" + i + "]" + (key.getKeyID() == null ? "" : " (kid " + key.getKeyID() + ")");
            if (problem != null) {
                (strict ? errors : notes).add(name + ": " + problem);
                continue;
            }
            if (key.isPrivate() && key.getKeyType() != KeyType.OCT) {
                notes.add(name + ": holds a private key; only its public part is used (publish public keys only)");
                key = key.toPublicJWK();
            }
            JWK usable = key;
            if (algorithms.stream().noneMatch(a -> a.fits(usable))) {
                // Not an error even from config: one key set file may serve filters with other allow-lists.
                notes.add(name + ": fits none of the algorithms " + algorithms + ", so it is never used");
                continue;
            }
            kept.add(key);
        }
        if (kept.isEmpty() && errors.isEmpty()) {
            errors.add("no usable signature key (expected: at least one key fitting " + algorithms + ")");
        }
        return new Result(new KeySet(kept), errors, notes);
    }

    private static String problem(JWK key, boolean allowSecrets) {
        KeyType type = key.getKeyType();
        if (key.getKeyUse() != null && !"sig".equals(key.getKeyUse().identifier())) {
            return "use \"" + key.getKeyUse().identifier() + "\" (expected: sig, or no use)";
        }
        if (KeyType.RSA.equals(type)) {
            int bits = ((RSAKey) key).size();
            return bits < JwtAlgorithm.MIN_RSA_BITS
                    ? "RSA key of " + bits + " bits (expected: at least " + JwtAlgorithm.MIN_RSA_BITS + ")" : null;
        }
        if (KeyType.EC.equals(type)) {
            return null;
        }
        if (KeyType.OCT.equals(type)) {
            if (!allowSecrets) {
                return "an oct (HMAC secret) key (expected: public keys only from a URL)";
            }
            return ((OctetSequenceKey) key).size() < 256 ? "HMAC secret under 256 bits (expected: at least 256)"
                    : null;
        }
        return "key type " + type + " (expected: RSA, EC or oct)";
    }
}

package io.jpraxis.filters.security.jwt;

import com.nimbusds.jose.jwk.JWK;
import java.util.ArrayList;
import java.util.List;

/**
 * The public keys (or HMAC secrets) of one key set, already checked by {@link KeySetReader}. Its
 * string form names key ids and types only, so a log line or a dump never shows key material.
 */
public final class KeySet {
    private final List<JWK> keys;

    public KeySet(List<JWK> keys) {
        this.keys = List.copyOf(keys);
    }

    public List<JWK> keys() {
        return keys;
    }

    /**
     * The keys that may verify a token signed with {@code algorithm} and naming {@code kid}: with a
     * kid, only keys carrying that id; without one, every key that fits the algorithm.
     */
    public List<JWK> candidates(JwtAlgorithm algorithm, String kid) {
        List<JWK> out = new ArrayList<>();
        for (JWK key : keys) {
            if (algorithm.fits(key) && (kid == null || kid.equals(key.getKeyID()))) {
                out.add(key);
            }
        }
        return out;
    }

    /** Whether some key carries {@code kid}. */
    public boolean hasKid(String kid) {
        return keys.stream().anyMatch(k -> kid.equals(k.getKeyID()));
    }

    @Override
    public String toString() {
        List<String> names = new ArrayList<>();
        for (JWK key : keys) {
            names.add(key.getKeyType() + (key.getKeyID() == null ? "" : " " + key.getKeyID()));
        }
        return names.toString();
    }
}

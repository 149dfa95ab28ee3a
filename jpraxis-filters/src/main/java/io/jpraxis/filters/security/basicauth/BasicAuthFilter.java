package io.jpraxis.filters.security.basicauth;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * HTTP Basic authentication (RFC 7617; see docs/reference/filters/basic_auth.md#what-it-does).
 * Every failure is the same 401 with the realm's challenge, so a client cannot tell an unknown
 * user from a wrong password. The check compares SHA-256 digests of the user name and of the
 * password against every configured user with {@link MessageDigest#isEqual} and no early exit,
 * so its time does not depend on which user, if any, matched.
 */
public final class BasicAuthFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(BasicAuthFilter.class);
    private static final String REASON = "authentication required";

    private final BasicAuthConfig config;
    private final List<User> users;
    private final String challenge;

    BasicAuthFilter(BasicAuthConfig config, List<User> users) {
        this.config = config;
        this.users = List.copyOf(users);
        this.challenge = "Basic realm=\"" + config.realm() + "\"";
    }

    /** A configured user: the name, and the digests the check compares (never the password). */
    public record User(String username, byte[] usernameDigest, byte[] passwordDigest) {
        static User of(String username, String password) {
            return new User(username, sha256(username), sha256(password));
        }

        @Override
        public String toString() {
            return "User[" + username + "]";
        }
    }

    @Override
    public String type() {
        return BasicAuthFactory.TYPE;
    }

    @Override
    public BasicAuthConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        String[] pair = decode(ctx.headers().get("authorization"));
        String username = pair == null ? null : verify(pair[0], pair[1]);
        if (username == null) {
            log.debug("request {}: basic_auth: no valid credentials; answering 401", ctx.requestId());
            LocalResponse refusal = LocalResponse.jsonError(401, REASON);
            refusal.headers().set("www-authenticate", challenge);
            return new FilterAction.Respond(refusal);
        }
        ctx.authenticatedSubject(username);
        if (config.stripAuthorization()) {
            ctx.headers().remove("authorization");
        }
        return FilterAction.CONTINUE;
    }

    /** The configured user these credentials belong to, or null; visits every user whatever matches. */
    String verify(String username, String password) {
        byte[] name = sha256(username);
        byte[] secret = sha256(password);
        User found = null;
        for (User u : users) {
            boolean nameMatches = MessageDigest.isEqual(name, u.usernameDigest());
            boolean secretMatches = MessageDigest.isEqual(secret, u.passwordDigest());
            if (nameMatches & secretMatches) { // non-short-circuit: both comparisons always run
                found = u;
            }
        }
        return found == null ? null : found.username();
    }

    /**
     * {@code [user, password]} from an {@code Authorization: Basic} value, or null: the scheme in
     * any case (RFC 9110 section 11.1), standard base64, UTF-8, split at the first colon (RFC 7617
     * section 2: a user name has none, a password may).
     */
    static String[] decode(String header) {
        if (header == null || header.length() < 6 || !header.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        byte[] raw;
        try {
            raw = Base64.getDecoder().decode(header.substring(6).strip());
        } catch (IllegalArgumentException e) {
            return null;
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
        int colon = text.indexOf(':');
        return colon < 0 ? null : new String[] {text.substring(0, colon), text.substring(colon + 1)};
    }

    static byte[] sha256(String text) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}

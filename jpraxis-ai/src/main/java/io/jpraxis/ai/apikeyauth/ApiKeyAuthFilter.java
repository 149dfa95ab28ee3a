package io.jpraxis.ai.apikeyauth;

import io.jpraxis.ai.errors.AiApiFilter;
import io.jpraxis.ai.errors.ApiErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.http.LocalResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Client-key authentication (see docs/reference/filters/api_key_auth.md#what-it-does): the key
 * from {@code Authorization: Bearer} or {@code x-api-key} is hashed with SHA-256 and looked up by
 * its digest. A hash-map lookup on the digest is safe: timing can at most reveal bits of a
 * SHA-256 digest, from which no key can be found. The key's name becomes the authenticated
 * subject and its metadata is published. Both credential headers are removed before the
 * upstream, admitted or not, so a client's key never reaches a provider. Every failure is the
 * same 401, in the error shape of the API the path belongs to. No key is ever logged.
 */
public final class ApiKeyAuthFilter implements AiApiFilter {
    private static final Logger log = LoggerFactory.getLogger(ApiKeyAuthFilter.class);
    static final String MESSAGE = "Invalid API key";

    private final ApiKeyAuthConfig config;
    private final Map<String, ApiKeyAuthConfig.ClientKey> byDigest;

    ApiKeyAuthFilter(ApiKeyAuthConfig config) {
        this.config = config;
        Map<String, ApiKeyAuthConfig.ClientKey> map = new HashMap<>();
        config.keys().forEach(k -> map.put(k.sha256(), k));
        this.byDigest = Map.copyOf(map);
    }

    @Override
    public String type() {
        return ApiKeyAuthFactory.TYPE;
    }

    @Override
    public ApiKeyAuthConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        String presented = presented(ctx.headers().get("authorization"), ctx.headers().get("x-api-key"));
        ctx.headers().remove("authorization");
        ctx.headers().remove("x-api-key");
        ApiKeyAuthConfig.ClientKey key = presented == null ? null : byDigest.get(sha256Hex(presented));
        if (key == null) {
            log.debug("request {}: api_key_auth: no known key; answering 401", ctx.requestId());
            return new FilterAction.Respond(unauthorized(ctx));
        }
        ctx.authenticatedSubject(key.name());
        key.metadata().forEach((name, value) -> {
            if (!ctx.metadata().put(name, value)) {
                log.warn("api_key_auth: request {} holds too many metadata keys; {} not published", ctx.requestId(),
                        name);
            }
        });
        return FilterAction.CONTINUE;
    }

    /** The presented key: a Bearer token first (scheme in any case), else {@code x-api-key}; or null. */
    static String presented(String authorization, String apiKey) {
        if (authorization != null && authorization.length() > 7
                && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            String token = authorization.substring(7).strip();
            if (!token.isEmpty()) {
                return token;
            }
        }
        if (apiKey != null && !apiKey.isBlank()) {
            return apiKey.strip();
        }
        return null;
    }

    /**
     * The 401 an SDK of the request's API parses as its authentication error (the shape every
     * local error of the request takes, see docs/behaviour/request-lifecycle.md#error-bodies); a
     * challenge on each.
     */
    static LocalResponse unauthorized(RequestContext ctx) {
        ApiErrorRenderer api = ApiErrorRenderer.forPath(ctx.requestPath().match());
        LocalResponse refusal = api == null ? LocalResponse.jsonError(401, MESSAGE) : api.response(ctx, 401, MESSAGE);
        refusal.headers().set("www-authenticate", "Bearer");
        return refusal;
    }

    static String sha256Hex(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }
}

package io.jpraxis.filters.security.jwt;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import java.time.Clock;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Admits a request only with a token that verifies (docs/reference/filters/jwt_auth.md#what-it-does):
 * a missing or invalid one is answered 401 with a Bearer challenge (RFC 6750 section 3) and never
 * reaches the upstream. A verified token's {@code sub} becomes the request's authenticated subject,
 * configured claims become metadata, and the token header is removed before the upstream.
 */
public final class JwtAuthFilter implements HttpFilter {
    private static final Logger log = LoggerFactory.getLogger(JwtAuthFilter.class);
    private final JwtAuthConfig config;
    private final JwksSource keys;
    private final TokenVerifier verifier;
    private final TokenCache cache;
    private final Clock clock;

    JwtAuthFilter(JwtAuthConfig config, JwksSource keys, Clock clock) {
        this.config = config;
        this.keys = keys;
        this.verifier = new TokenVerifier(config);
        this.cache = new TokenCache(config.cacheSize());
        this.clock = clock;
    }

    @Override
    public String type() {
        return JwtAuthFactory.TYPE;
    }

    @Override
    public JwtAuthConfig config() {
        return config;
    }

    @Override
    public boolean isAsync() {
        return keys.fetches();
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        // Only reached for fixed keys, whose stages are already complete.
        return onRequestAsync(ctx).toCompletableFuture().join();
    }

    @Override
    public CompletionStage<FilterAction> onRequestAsync(RequestContext ctx) {
        String token;
        switch (BearerToken.find(ctx.headers(), config.tokenHeader(), config.bearerScheme())) {
            case BearerToken.Found.Absent a -> {
                return done(challenge(null));
            }
            case BearerToken.Found.Malformed m -> {
                return done(refuse(ctx, m.reason()));
            }
            case BearerToken.Found.Token t -> token = t.value();
        }
        Instant now = clock.instant();
        VerifiedToken cached = cache.get(token, now);
        if (cached != null) {
            return done(admit(ctx, cached));
        }
        return keys.current().thenCompose(set -> {
            TokenVerifier.Outcome first = verifier.verify(token, set, now);
            if (first instanceof TokenVerifier.Outcome.NoKey noKey && keys.fetches()) {
                return keys.afterUnknownKid(set, noKey.kid()).thenApply(fresh -> decide(ctx, token,
                        verifier.verify(token, fresh, now), fresh, now));
            }
            return done(decide(ctx, token, first, set, now));
        });
    }

    private FilterAction decide(RequestContext ctx, String token, TokenVerifier.Outcome outcome, KeySet set,
            Instant now) {
        return switch (outcome) {
            case TokenVerifier.Outcome.Verified v -> {
                cache.put(token, v.token(), now);
                yield admit(ctx, v.token());
            }
            // No key set at all is the gateway's trouble, not the client's: fail (503 when closed).
            case TokenVerifier.Outcome.NoKey n when set.keys().isEmpty() ->
                    new FilterAction.Fail("jwt_auth: no key set available to verify tokens", 503);
            case TokenVerifier.Outcome.NoKey n -> refuse(ctx, "no key for kid " + n.kid());
            case TokenVerifier.Outcome.Invalid i -> refuse(ctx, i.reason());
        };
    }

    private FilterAction admit(RequestContext ctx, VerifiedToken token) {
        if (config.stripToken()) {
            ctx.headers().remove(config.tokenHeader());
        }
        if (token.subject() != null) {
            ctx.authenticatedSubject(token.subject());
        }
        token.metadata().forEach((key, value) -> {
            if (!ctx.metadata().put(key, value)) {
                log.warn("jwt_auth: request {} holds too many metadata keys; {} not published", ctx.requestId(),
                        key);
            }
        });
        return FilterAction.CONTINUE;
    }

    private static FilterAction refuse(RequestContext ctx, String reason) {
        log.debug("jwt_auth: request {} refused: {}", ctx.requestId(), reason);
        return challenge("invalid_token");
    }

    /** 401 with the Bearer challenge; {@code error} is null when the request carried no credentials. */
    private static FilterAction challenge(String error) {
        LocalResponse response = LocalResponse.jsonError(401, error == null ? "jwt_auth: token required"
                : "jwt_auth: invalid token");
        response.headers().set("www-authenticate", error == null ? "Bearer" : "Bearer error=\"" + error + "\"");
        return new FilterAction.Respond(response);
    }

    private static CompletionStage<FilterAction> done(FilterAction action) {
        return CompletableFuture.completedFuture(action);
    }

    @Override
    public void start() {
        keys.start();
    }

    @Override
    public void close() {
        keys.close();
    }
}

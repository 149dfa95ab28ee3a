package io.jpraxis.filters.security.cors;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.filters.support.origin.OriginMatcher;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * CORS per the Fetch standard (docs/reference/filters/cors.md): preflights are answered here and
 * never proxied; actual requests are proxied unchanged and their responses get the CORS headers
 * for an allowed origin (the browser, not the gateway, enforces CORS on them).
 */
public final class CorsFilter implements HttpFilter {
    private static final String VARY_PREFLIGHT = "Origin, Access-Control-Request-Method, Access-Control-Request-Headers";
    private static final String VARY_PREFLIGHT_PNA = VARY_PREFLIGHT + ", Access-Control-Request-Private-Network";
    /** The CORS response headers an upstream's own values are removed for, so ours are the only ones. */
    private static final Set<String> CORS_RESPONSE_HEADERS = Set.of("access-control-allow-origin",
            "access-control-allow-credentials", "access-control-expose-headers", "access-control-allow-methods",
            "access-control-allow-headers", "access-control-max-age", "access-control-allow-private-network");

    private final CorsConfig config;
    private final OriginMatcher origins;
    private final Set<String> allowedHeadersLower;
    private final boolean anyMethod;
    private final boolean anyHeader;
    private final String methodsValue;
    private final String headersValue;
    private final String exposeValue;

    public CorsFilter(CorsConfig config) {
        this.config = config;
        this.origins = OriginMatcher.of(config.allowOrigins());
        this.allowedHeadersLower = config.allowHeaders().stream().map(h -> h.toLowerCase(Locale.ROOT))
                .collect(Collectors.toUnmodifiableSet());
        this.anyMethod = config.allowMethods().contains("*");
        this.anyHeader = config.allowHeaders().contains("*");
        this.methodsValue = String.join(", ", config.allowMethods());
        this.headersValue = String.join(", ", config.allowHeaders());
        this.exposeValue = String.join(", ", config.exposeHeaders());
    }

    @Override
    public String type() {
        return CorsFactory.TYPE;
    }

    @Override
    public CorsConfig config() {
        return config;
    }

    @Override
    public FilterAction onRequest(RequestContext ctx) {
        String origin = ctx.headers().get("origin");
        if (origin == null) {
            return FilterAction.CONTINUE;
        }
        if (!isUtf8(origin)) {
            return FilterAction.reject(400, "cors: Origin header is not valid UTF-8");
        }
        if (!isPreflight(ctx)) {
            return FilterAction.CONTINUE;
        }
        return new FilterAction.Respond(preflight(ctx, origin));
    }

    private LocalResponse preflight(RequestContext ctx, String origin) {
        String vary = config.allowPrivateNetwork() ? VARY_PREFLIGHT_PNA : VARY_PREFLIGHT;
        String method = ctx.headers().get("access-control-request-method");
        if (!originAllowed(origin) || !methodAllowed(method)
                || !headersAllowed(ctx.headers().get("access-control-request-headers"))) {
            if (config.disallowedOriginMode() == DisallowedOriginMode.REJECT) {
                LocalResponse refusal = LocalResponse.jsonError(403, "cors: preflight refused");
                refusal.headers().set("vary", vary);
                return refusal;
            }
            return new LocalResponse(204, new HeaderMap().set("vary", vary), new byte[0]);
        }
        HeaderMap headers = new HeaderMap()
                .set("access-control-allow-origin", allowOriginValue(origin))
                .set("access-control-allow-methods", methodsValue)
                .set("access-control-max-age", Long.toString(config.maxAge()));
        if (!headersValue.isEmpty()) {
            headers.set("access-control-allow-headers", headersValue);
        }
        if (config.allowCredentials()) {
            headers.set("access-control-allow-credentials", "true");
        }
        if (config.allowPrivateNetwork()
                && "true".equals(ctx.headers().get("access-control-request-private-network"))) {
            headers.set("access-control-allow-private-network", "true");
        }
        headers.set("vary", vary);
        return new LocalResponse(204, headers, new byte[0]);
    }

    @Override
    public FilterAction onResponse(RequestContext ctx, ResponseHead response) {
        String origin = ctx.headers().get("origin");
        if (origin != null && isPreflight(ctx)) {
            return FilterAction.CONTINUE; // our own preflight answer, already complete
        }
        HeaderMap headers = response.headers();
        if (origin != null) {
            headers.removeIf(CORS_RESPONSE_HEADERS::contains);
            if (isUtf8(origin) && originAllowed(origin)) {
                headers.set("access-control-allow-origin", allowOriginValue(origin));
                if (config.allowCredentials()) {
                    headers.set("access-control-allow-credentials", "true");
                }
                if (!exposeValue.isEmpty()) {
                    headers.set("access-control-expose-headers", exposeValue);
                }
            }
        }
        // A shared cache must not serve one origin's answer to another (Fetch, CORS protocol and
        // HTTP caches); with "*" the answer is the same for every origin.
        if (!origins.any()) {
            headers.add("vary", "Origin");
        }
        return FilterAction.CONTINUE;
    }

    private static boolean isPreflight(RequestContext ctx) {
        return ctx.method().equals("OPTIONS") && ctx.headers().contains("access-control-request-method");
    }

    /** Whether {@code origin} (as presented) may make cross-origin requests. */
    boolean originAllowed(String origin) {
        if (origin.equals("null")) {
            return config.allowNullOrigin();
        }
        return origins.matches(origin);
    }

    private String allowOriginValue(String origin) {
        return origins.any() && !config.allowCredentials() ? "*" : origin;
    }

    private boolean methodAllowed(String method) {
        return method != null && (anyMethod || config.allowMethods().contains(method));
    }

    private boolean headersAllowed(String requested) {
        if (requested == null || anyHeader) {
            return true;
        }
        for (String name : requested.split(",")) {
            String trimmed = name.trim();
            if (!trimmed.isEmpty() && !allowedHeadersLower.contains(trimmed.toLowerCase(Locale.ROOT))) {
                return false;
            }
        }
        return true;
    }

    /**
     * Header values reach filters as ISO-8859-1 text (one char per byte); an origin whose bytes are
     * not UTF-8 cannot name a site.
     */
    private static boolean isUtf8(String value) {
        boolean ascii = value.chars().allMatch(c -> c < 0x80);
        if (ascii) {
            return true;
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(value.getBytes(StandardCharsets.ISO_8859_1)));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }
}

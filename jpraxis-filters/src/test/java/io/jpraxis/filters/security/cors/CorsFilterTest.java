package io.jpraxis.filters.security.cors;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.http.ResponseHead;
import org.junit.jupiter.api.Test;

class CorsFilterTest {
    private static final String LISTED = """
            allow_origins: ["https://app.example.com", "https://*.example.org"]
            allow_methods: [GET, PUT]
            allow_headers: [Content-Type, X-Request-ID]
            expose_headers: [X-Request-ID]
            allow_credentials: true
            max_age: 600
            """;

    private static HttpFilter cors(String yaml) {
        return build(new CorsFactory(), yaml).accepted();
    }

    private static RequestContext preflight(String origin, String method, String headers) {
        return headers == null
                ? requestAs("OPTIONS", "http", "/api", "Origin", origin, "Access-Control-Request-Method", method)
                : requestAs("OPTIONS", "http", "/api", "Origin", origin, "Access-Control-Request-Method", method,
                        "Access-Control-Request-Headers", headers);
    }

    private static LocalResponse answer(HttpFilter filter, RequestContext ctx) {
        FilterAction action = filter.onRequest(ctx);
        assertThat(action).as("a preflight is answered locally").isInstanceOf(FilterAction.Respond.class);
        return ((FilterAction.Respond) action).response();
    }

    private static HeaderMap actual(HttpFilter filter, RequestContext ctx, HeaderMap upstream) {
        assertThat(filter.onRequest(ctx)).as("an actual request is proxied").isEqualTo(FilterAction.CONTINUE);
        ResponseHead head = new ResponseHead(200, upstream, false);
        filter.onResponse(ctx, head);
        return head.headers();
    }

    @Test
    void allowedPreflightGets204WithEveryConfiguredHeader() {
        LocalResponse r = answer(cors(LISTED), preflight("https://app.example.com", "PUT", "content-type, x-request-id"));
        assertThat(r.status()).isEqualTo(204);
        assertThat(r.headers().get("access-control-allow-origin")).isEqualTo("https://app.example.com");
        assertThat(r.headers().get("access-control-allow-methods")).isEqualTo("GET, PUT");
        assertThat(r.headers().get("access-control-allow-headers")).isEqualTo("Content-Type, X-Request-ID");
        assertThat(r.headers().get("access-control-max-age")).isEqualTo("600");
        assertThat(r.headers().get("access-control-allow-credentials")).isEqualTo("true");
        assertThat(r.headers().get("vary"))
                .isEqualTo("Origin, Access-Control-Request-Method, Access-Control-Request-Headers");
    }

    @Test
    void wildcardLabelMatchesOneLabelOnlyAndTheSchemeMustMatch() {
        HttpFilter f = cors(LISTED);
        assertThat(answer(f, preflight("https://a.example.org", "GET", null)).headers()
                .get("access-control-allow-origin")).isEqualTo("https://a.example.org");
        for (String other : new String[] {"https://a.b.example.org", "https://example.org", "http://a.example.org",
            "https://evil-example.org"}) {
            assertThat(answer(f, preflight(other, "GET", null)).headers().get("access-control-allow-origin"))
                    .as(other).isNull();
        }
    }

    @Test
    void refusedPreflightGetsOnlyVaryAnd204OrIn403RejectMode() {
        for (RequestContext ctx : new RequestContext[] {preflight("https://evil.example", "GET", null),
            preflight("https://app.example.com", "DELETE", null), preflight("https://app.example.com", "put", null),
            preflight("https://app.example.com", "GET", "X-Secret"), preflight("null", "GET", null)}) {
            LocalResponse r = answer(cors(LISTED), ctx);
            assertThat(r.status()).isEqualTo(204);
            assertThat(r.headers().size()).as("only Vary").isEqualTo(1);
            assertThat(r.headers().get("vary")).startsWith("Origin, ");
        }
        LocalResponse rejected = answer(cors(LISTED + "disallowed_origin_mode: reject\n"),
                preflight("https://evil.example", "GET", null));
        assertThat(rejected.status()).isEqualTo(403);
        assertThat(rejected.headers().get("access-control-allow-origin")).isNull();
        assertThat(rejected.headers().get("content-type")).isEqualTo("application/problem+json");
    }

    @Test
    void noAllowHeadersMeansAnyRequestedHeaderFails() {
        HttpFilter f = cors("allow_origins: [\"*\"]\n");
        assertThat(answer(f, preflight("https://x.example", "POST", "content-type")).headers()
                .get("access-control-allow-origin")).isNull();
        LocalResponse ok = answer(f, preflight("https://x.example", "POST", null));
        assertThat(ok.headers().get("access-control-allow-origin")).as("* without credentials").isEqualTo("*");
        assertThat(ok.headers().get("access-control-allow-headers")).isNull();
    }

    @Test
    void privateNetworkIsAllowedOnlyWhenAskedAndEnabled() {
        HttpFilter f = cors("allow_origins: [\"https://a.example\"]\nallow_private_network: true\n");
        RequestContext ctx = requestAs("OPTIONS", "http", "/", "Origin", "https://a.example",
                "Access-Control-Request-Method", "GET", "Access-Control-Request-Private-Network", "true");
        LocalResponse r = answer(f, ctx);
        assertThat(r.headers().get("access-control-allow-private-network")).isEqualTo("true");
        assertThat(r.headers().get("vary")).endsWith("Access-Control-Request-Private-Network");
        assertThat(answer(cors("allow_origins: [\"https://a.example\"]\n"), ctx).headers()
                .get("access-control-allow-private-network")).isNull();
    }

    @Test
    void actualRequestFromAllowedOriginGetsOurHeadersAndUpstreamOnesAreReplaced() {
        HeaderMap upstream = new HeaderMap().set("access-control-allow-origin", "*")
                .set("access-control-allow-methods", "DELETE").set("content-type", "text/plain");
        HeaderMap out = actual(cors(LISTED), requestAs("GET", "http", "/api", "Origin", "HTTPS://APP.example.com:443"),
                upstream);
        assertThat(out.getAll("access-control-allow-origin")).containsExactly("HTTPS://APP.example.com:443");
        assertThat(out.get("access-control-allow-credentials")).isEqualTo("true");
        assertThat(out.get("access-control-expose-headers")).isEqualTo("X-Request-ID");
        assertThat(out.get("access-control-allow-methods")).as("upstream CORS headers removed").isNull();
        assertThat(out.get("vary")).isEqualTo("Origin");
        assertThat(out.get("content-type")).isEqualTo("text/plain");
    }

    @Test
    void disallowedOriginIsProxiedButGetsNoCorsHeadersEvenFromUpstream() {
        HeaderMap out = actual(cors(LISTED), requestAs("POST", "http", "/api", "Origin", "https://evil.example"),
                new HeaderMap().set("access-control-allow-origin", "https://evil.example"));
        assertThat(out.get("access-control-allow-origin")).isNull();
        assertThat(out.get("vary")).isEqualTo("Origin");
    }

    @Test
    void varyOriginOnlyWhenTheAnswerDependsOnTheOrigin() {
        RequestContext noOrigin = requestAs("GET", "http", "/api");
        assertThat(actual(cors(LISTED), noOrigin, new HeaderMap()).get("vary")).isEqualTo("Origin");
        HeaderMap star = actual(cors("allow_origins: [\"*\"]\n"),
                requestAs("GET", "http", "/", "Origin", "https://x.example"), new HeaderMap());
        assertThat(star.get("access-control-allow-origin")).isEqualTo("*");
        assertThat(star.get("vary")).isNull();
    }

    @Test
    void nullOriginNeedsItsFlag() {
        String yaml = "allow_origins: [\"https://a.example\"]\nallow_null_origin: true\n";
        assertThat(answer(cors(yaml), preflight("null", "GET", null)).headers().get("access-control-allow-origin"))
                .isEqualTo("null");
        assertThat(actual(cors("allow_origins: [\"*\"]\n"), requestAs("GET", "http", "/", "Origin", "null"),
                new HeaderMap()).get("access-control-allow-origin")).as("* does not cover null").isNull();
    }

    @Test
    void optionsWithoutRequestMethodIsAnActualRequestAndNonUtf8OriginIs400() {
        HttpFilter f = cors(LISTED);
        assertThat(f.onRequest(requestAs("OPTIONS", "http", "/", "Origin", "https://app.example.com")))
                .isEqualTo(FilterAction.CONTINUE);
        assertThat(f.onRequest(requestAs("GET", "http", "/")))
                .as("no Origin: not a CORS request").isEqualTo(FilterAction.CONTINUE);
        String badBytes = new String(new byte[] {'h', 't', 't', 'p', ':', '/', '/', (byte) 0xC3, (byte) 0x28},
                java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThat(f.onRequest(requestAs("GET", "http", "/", "Origin", badBytes)))
                .isInstanceOfSatisfying(FilterAction.Reject.class, r -> assertThat(r.status()).isEqualTo(400));
    }
}

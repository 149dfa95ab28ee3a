package io.jpraxis.filters.traffic.sticky;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.context.EndpointPin;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ResponseHead;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.runtime.IdGenerator;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.filters.testing.TestClock;
import io.jpraxis.filters.traffic.loadbalancer.LoadBalancerFactory;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** A sticky filter in front of a round-robin balancer over two endpoints, as a pipeline runs them. */
class StickySessionsFilterTest {
    private static final String ONE = "one.example.net:8080";
    private static final String TWO = "two.example.net:8080";
    private final TestClock clock = new TestClock();
    private final FilterBuildContext context = new FilterBuildContext(FeatureSet.NONE, InsecureOptions.NONE,
            BodyLimits.DEFAULT, List.of(), new RuntimeServices(clock, new SplittableRandom(7), IdGenerator.sequential("r")),
            new ClusterStates());
    private final HttpFilter lb = build(new LoadBalancerFactory(), """
            clusters:
              - name: api
                endpoints: ["one.example.net:8080", "two.example.net:8080"]
                health_check: {type: tcp, unhealthy_threshold: 1}
              - name: other
                endpoints: ["one.example.net:8080", "two.example.net:8080"]
            """, context).accepted();

    private HttpFilter sticky(String clusterYaml) {
        return build(new StickySessionsFactory(new SplittableRandom(1)), "clusters:\n" + clusterYaml, context)
                .accepted();
    }

    /** One exchange to {@code cluster}: returns the response head after the sticky response hook. */
    private static ResponseHead exchange(HttpFilter sticky, HttpFilter lb, RequestContext ctx, String... setCookies) {
        sticky.onRequest(ctx);
        lb.onRequest(ctx);
        HeaderMap headers = new HeaderMap();
        for (String c : setCookies) {
            headers.add("set-cookie", c);
        }
        ResponseHead response = new ResponseHead(200, headers, false);
        sticky.onResponse(ctx, response);
        return response;
    }

    private static RequestContext to(String cluster, String... headers) {
        RequestContext ctx = request("/", headers);
        ctx.cluster(cluster);
        return ctx;
    }

    private static String cookieValue(ResponseHead response) {
        String line = response.headers().get("set-cookie");
        return line.substring(line.indexOf('=') + 1, line.indexOf(';'));
    }

    @Test
    void cookieModeIssuesAnIdAndPinsEveryLaterRequestToTheSameEndpoint() {
        HttpFilter sticky = sticky("  - {name: api, type: cookie, cookie_name: sid, cookie_attributes: "
                + "{path: /, http_only: true, secure: true, same_site: Lax}}\n");
        RequestContext first = to("api");
        ResponseHead issued = exchange(sticky, lb, first);
        String id = cookieValue(issued);
        assertThat(id).as("a fresh opaque ID of 16 hex digits").matches("[0-9a-f]{16}");
        assertThat(issued.headers().get("set-cookie")).as("name, id, max-age of ttl_secs and the attributes")
                .isEqualTo("sid=" + id + "; Max-Age=3600; Path=/; Secure; HttpOnly; SameSite=Lax");
        String home = first.upstream().endpoint().address();
        for (int i = 0; i < 5; i++) {
            RequestContext next = to("api", "cookie", "a=b; sid=" + id);
            ResponseHead again = exchange(sticky, lb, next);
            assertThat(next.upstream().endpoint().address()).as("round robin would alternate; request %s sticks", i)
                    .isEqualTo(home);
            assertThat(cookieValue(again)).as("a stored ID is sent back unchanged").isEqualTo(id);
        }
    }

    @Test
    void aForgedCookieIsNeverAdoptedAndGetsAFreshId() {
        HttpFilter sticky = sticky("  - {name: api, type: cookie, cookie_name: sid}\n");
        RequestContext forged = to("api", "cookie", "sid=0000000000000001");
        ResponseHead response = exchange(sticky, lb, forged);
        assertThat(forged.extensions().get(EndpointPin.KEY)).as("an unknown value pins nothing").isEmpty();
        assertThat(cookieValue(response)).as("replaced by an ID the gateway made").isNotEqualTo("0000000000000001")
                .matches("[0-9a-f]{16}");
        RequestContext again = to("api", "cookie", "sid=0000000000000001");
        sticky.onRequest(again);
        assertThat(again.extensions().get(EndpointPin.KEY)).as("the forged value was not stored").isEmpty();
    }

    @Test
    void anUnhealthyPinFailsOverAndTheSessionFollowsTheNewEndpoint() {
        HttpFilter sticky = sticky("  - {name: api, type: cookie, cookie_name: sid}\n");
        RequestContext first = to("api");
        String id = cookieValue(exchange(sticky, lb, first));
        first.upstream().endpointState().recordProbe(false);
        String home = first.upstream().endpoint().address();

        RequestContext next = to("api", "cookie", "sid=" + id);
        ResponseHead response = exchange(sticky, lb, next);
        String moved = next.upstream().endpoint().address();
        assertThat(moved).as("the balancer chose another endpoint").isNotEqualTo(home);
        assertThat(cookieValue(response)).as("the session keeps its ID").isEqualTo(id);
        first.upstream().endpointState().recordProbe(true);
        first.upstream().endpointState().recordProbe(true);
        RequestContext later = to("api", "cookie", "sid=" + id);
        exchange(sticky, lb, later);
        assertThat(later.upstream().endpoint().address()).as("re-pinned to where it failed over, even with the old "
                + "endpoint back").isEqualTo(moved);
    }

    @Test
    void withoutFailoverAnUnhealthyEndpointKeepsItsSessions() {
        HttpFilter sticky = sticky("  - {name: api, type: header, header_name: x-session, failover: false}\n");
        RequestContext first = to("api", "x-session", "user-7");
        exchange(sticky, lb, first);
        first.upstream().endpointState().recordProbe(false);
        RequestContext next = to("api", "x-session", "user-7");
        exchange(sticky, lb, next);
        assertThat(next.upstream().endpoint()).as("failover false pins anyway").isEqualTo(first.upstream().endpoint());
    }

    @Test
    void headerModeStoresTheClientsKeyAndIgnoresOverlongKeys() {
        HttpFilter sticky = sticky("  - {name: api, type: header, header_name: x-session}\n");
        RequestContext first = to("api", "x-session", "user-7");
        ResponseHead response = exchange(sticky, lb, first);
        assertThat(response.headers().contains("set-cookie")).as("header mode sets no cookie").isFalse();
        for (int i = 0; i < 3; i++) {
            RequestContext next = to("api", "x-session", "user-7");
            exchange(sticky, lb, next);
            assertThat(next.upstream().endpoint()).as("the header value keys the session")
                    .isEqualTo(first.upstream().endpoint());
        }
        String overlong = "k".repeat(257);
        exchange(sticky, lb, to("api", "x-session", overlong));
        RequestContext again = to("api", "x-session", overlong);
        sticky.onRequest(again);
        assertThat(again.extensions().get(EndpointPin.KEY)).as("a key over 256 bytes is ignored").isEmpty();
        exchange(sticky, lb, to("api", "x-session", "é".repeat(129)));
        RequestContext wide = to("api", "x-session", "é".repeat(129));
        sticky.onRequest(wide);
        assertThat(wide.extensions().get(EndpointPin.KEY)).as("258 bytes in 129 characters: bytes count").isEmpty();
    }

    @Test
    void learnModeBindsTheUpstreamsCookieAndNeverMovesAnOwnedKey() {
        HttpFilter sticky = sticky("  - {name: api, type: learn, cookie_name: JSESSIONID}\n");
        RequestContext first = to("api");
        ResponseHead response = exchange(sticky, lb, first, "other=1", "JSESSIONID=abc123; Path=/; HttpOnly");
        assertThat(response.headers().getAll("set-cookie")).as("learn mode adds no cookie of its own").hasSize(2);
        String owner = first.upstream().endpoint().address();
        for (int i = 0; i < 3; i++) {
            RequestContext next = to("api", "cookie", "JSESSIONID=abc123");
            exchange(sticky, lb, next);
            assertThat(next.upstream().endpoint().address()).as("pinned to the endpoint that set it").isEqualTo(owner);
        }
        RequestContext unknown = to("api", "cookie", "JSESSIONID=invented");
        exchange(sticky, lb, unknown);
        assertThat(unknown.extensions().get(EndpointPin.KEY)).as("a client value is not adopted").isEmpty();
        RequestContext again = to("api", "cookie", "JSESSIONID=invented");
        sticky.onRequest(again);
        assertThat(again.extensions().get(EndpointPin.KEY)).as("still unknown after it was served").isEmpty();

        RequestContext thief = to("api");
        exchange(sticky, lb, thief, "JSESSIONID=abc123");
        RequestContext check = to("api", "cookie", "JSESSIONID=abc123");
        sticky.onRequest(check);
        assertThat(check.extensions().get(EndpointPin.KEY).orElseThrow().address())
                .as("another endpoint setting an owned key does not move it").isEqualTo(owner);
    }

    @Test
    void sessionsExpireAfterTheirIdleTtl() {
        HttpFilter sticky = sticky("  - {name: api, type: header, header_name: x-session, ttl_secs: 60}\n");
        exchange(sticky, lb, to("api", "x-session", "s"));
        clock.advance(Duration.ofSeconds(59));
        RequestContext used = to("api", "x-session", "s");
        sticky.onRequest(used);
        assertThat(used.extensions().get(EndpointPin.KEY)).as("59 s idle: alive").isPresent();
        clock.advance(Duration.ofSeconds(60));
        RequestContext idle = to("api", "x-session", "s");
        sticky.onRequest(idle);
        assertThat(idle.extensions().get(EndpointPin.KEY)).as("60 s since the last use: gone").isEmpty();
    }

    @Test
    void unlistedClustersAndLocalResponsesAreLeftAlone() {
        HttpFilter sticky = sticky("  - {name: api, type: cookie, cookie_name: sid}\n");
        ResponseHead other = exchange(sticky, lb, to("other"));
        assertThat(other.headers().contains("set-cookie")).as("cluster other is not listed").isFalse();
        RequestContext ctx = to("api");
        sticky.onRequest(ctx);
        lb.onRequest(ctx);
        ResponseHead local = new ResponseHead(502, new HeaderMap(), true);
        sticky.onResponse(ctx, local);
        assertThat(local.headers().contains("set-cookie")).as("the gateway's own 502 came from no endpoint").isFalse();
    }

    @Test
    void sessionsSurviveARebuildByTheSameFactory() {
        StickySessionsFactory factory = new StickySessionsFactory(new SplittableRandom(3));
        String yaml = "clusters:\n  - {name: api, type: header, header_name: x-session}\n";
        HttpFilter before = build(factory, yaml, context).accepted();
        RequestContext first = to("api", "x-session", "s");
        exchange(before, lb, first);
        HttpFilter after = build(factory, yaml.replace("}", ", max_entries: 5}"), context).accepted();
        after.start();
        RequestContext next = to("api", "x-session", "s");
        after.onRequest(next);
        assertThat(next.extensions().get(EndpointPin.KEY).orElseThrow().address())
                .as("a reload's filter finds the session the old one stored").isEqualTo(first.upstream().endpoint().address());
    }
}

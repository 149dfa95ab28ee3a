package io.jpraxis.filters.traffic.endpointselector;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.config.model.BodyLimits;
import io.jpraxis.config.model.InsecureOptions;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.upstream.ClusterStates;
import io.jpraxis.core.upstream.UpstreamTarget;
import io.jpraxis.filters.testing.FilterFixtures;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EndpointSelectorFilterTest {
    private static final String HEADER = "x-gateway-destination-endpoint";

    private static HttpFilter selector(String extra) {
        return build(new EndpointSelectorFactory(), "source_header: " + HEADER + "\n" + extra).accepted();
    }

    private static HttpFilter privateAllowed(String extra) {
        FilterBuildContext context = new FilterBuildContext(FeatureSet.NONE, new InsecureOptions(false, true, false,
                false, false, false, false, false, false, false, Set.of(), false), BodyLimits.DEFAULT, List.of(),
                FilterFixtures.services(), new ClusterStates());
        return build(new EndpointSelectorFactory(), "source_header: " + HEADER + "\n" + extra, context).accepted();
    }

    private static RequestContext withValues(String... values) {
        RequestContext ctx = request("/v1/chat");
        for (String v : values) {
            ctx.headers().add(HEADER, v);
        }
        return ctx;
    }

    @Test
    void aValueAnEarlierFilterSetSelectsTheEndpointAndIsStripped() {
        RequestContext ctx = withValues("203.0.113.7:8000");
        assertThat(selector("").onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        UpstreamTarget target = ctx.upstream();
        assertThat(target.endpoint().address()).isEqualTo("203.0.113.7:8000");
        assertThat(target.cluster().name()).as("the cluster label metrics and the access log show")
                .isEqualTo("endpoint_selector:" + HEADER);
        assertThat(ctx.cluster()).isEqualTo("endpoint_selector:" + HEADER);
        assertThat(target.cluster().endpoints()).as("a synthetic cluster: no endpoints of its own").isEmpty();
        assertThat(ctx.headers().contains(HEADER)).as("strip_header defaults to true").isFalse();
    }

    @Test
    void withStripHeaderFalseTheTrustedValueGoesUpstream() {
        RequestContext ctx = withValues("203.0.113.7:8000");
        selector("strip_header: false\n").onRequest(ctx);
        assertThat(ctx.upstream().endpoint().port()).isEqualTo(8000);
        assertThat(ctx.headers().get(HEADER)).isEqualTo("203.0.113.7:8000");
    }

    @Test
    void acceptsIpv4BracketedIpv6AndDnsNames() {
        HttpFilter f = selector("");
        for (String[] c : new String[][] {{"198.51.100.1:1", "198.51.100.1", "1"},
                {"[2001:db8::5]:65535", "2001:db8::5", "65535"}, {"pod-3.inference.example.com:8080",
                        "pod-3.inference.example.com", "8080"}, {" api.example.com:443\t", "api.example.com", "443"}}) {
            RequestContext ctx = withValues(c[0]);
            assertThat(f.onRequest(ctx)).as(c[0]).isEqualTo(FilterAction.CONTINUE);
            assertThat(ctx.upstream().endpoint().host()).as(c[0]).isEqualTo(c[1]);
            assertThat(ctx.upstream().endpoint().port()).as(c[0]).isEqualTo(Integer.parseInt(c[2]));
        }
    }

    @Test
    void absentAndNotRequiredContinuesForTheLoadBalancer() {
        RequestContext ctx = withValues();
        assertThat(selector("").onRequest(ctx)).isEqualTo(FilterAction.CONTINUE);
        assertThat(ctx.upstream()).as("nothing chosen: the load balancer picks as usual").isNull();
        assertThat(ctx.cluster()).isNull();
    }

    @Test
    void absentAndRequiredAnswersTheConfiguredStatus() {
        FilterAction action = selector("required: true\nstatus_on_required_failure: 503\n").onRequest(withValues());
        assertThat(action).isInstanceOf(FilterAction.Reject.class);
        FilterAction.Reject reject = (FilterAction.Reject) action;
        assertThat(reject.status()).isEqualTo(503);
        assertThat(reject.reason()).contains("no endpoint selected").contains(HEADER);
    }

    @Test
    void anInvalidValueFailsClosedWhetherOrNotRequired() {
        List<String> bad = List.of("", "   ", "203.0.113.7", "203.0.113.7:0", "203.0.113.7:65536",
                "203.0.113.7:80,203.0.113.8:80", "::1:80", "[::1:80", "[zz::1]:80", "999.1.1.1:80", "a b:80",
                "http://203.0.113.7:80", "203.0.113.7:8o", "-bad-.example:80", "<script>:80");
        for (String required : List.of("required: false\n", "required: true\n")) {
            HttpFilter f = selector(required + "status_on_required_failure: 502\n");
            for (String value : bad) {
                RequestContext ctx = withValues(value);
                FilterAction action = f.onRequest(ctx);
                assertThat(action).as(required + " '" + value + "'").isInstanceOf(FilterAction.Reject.class);
                assertThat(((FilterAction.Reject) action).status()).isEqualTo(502);
                assertThat(((FilterAction.Reject) action).reason()).as("the bad value is not echoed")
                        .doesNotContain(value.isBlank() ? "\u0000" : value);
                assertThat(ctx.upstream()).as("a misbehaving picker never falls back").isNull();
            }
        }
    }

    @Test
    void severalHeaderLinesFailClosed() {
        FilterAction action = selector("").onRequest(withValues("203.0.113.7:80", "203.0.113.8:80"));
        assertThat(action).isInstanceOf(FilterAction.Reject.class);
        assertThat(((FilterAction.Reject) action).reason()).contains("2 header lines");
        assertThat(((FilterAction.Reject) action).status()).as("the default status").isEqualTo(500);
    }

    @Test
    void privateAddressesNeedTheSameFlagAsConfigEndpoints() {
        for (String value : List.of("127.0.0.1:80", "10.1.2.3:8000", "[::1]:80", "localhost:80",
                "169.254.169.254:80")) {
            FilterAction refused = selector("").onRequest(withValues(value));
            assertThat(refused).as(value).isInstanceOf(FilterAction.Reject.class);
            assertThat(((FilterAction.Reject) refused).reason()).contains("allow_private_endpoints");
            RequestContext ctx = withValues(value);
            assertThat(privateAllowed("").onRequest(ctx)).as(value).isEqualTo(FilterAction.CONTINUE);
            assertThat(ctx.upstream()).isNotNull();
        }
    }

    @Test
    void aLaterUpstreamIsNotTouchedWhenTheHeaderIsAbsentAndStrippingLeavesOtherHeaders() {
        RequestContext ctx = withValues("203.0.113.7:8000");
        ctx.headers().add("x-other", "kept");
        selector("").onRequest(ctx);
        assertThat(ctx.headers().get("x-other")).isEqualTo("kept");
    }

    @Test
    void connectionTimeoutsAndTlsGoOnTheTargetsCluster() {
        RequestContext ctx = withValues("pods.example.com:8443");
        selector("connection: {connection_timeout_ms: 150, read_timeout_ms: 900}\ntls: {sni: pods.example.com}\n")
                .onRequest(ctx);
        assertThat(ctx.upstream().cluster().connectionTimeoutMs()).isEqualTo(150L);
        assertThat(ctx.upstream().cluster().readTimeoutMs()).isEqualTo(900L);
        assertThat(ctx.upstream().cluster().tls().sni()).isEqualTo("pods.example.com");
    }
}

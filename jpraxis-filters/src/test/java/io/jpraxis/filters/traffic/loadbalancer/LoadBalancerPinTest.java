package io.jpraxis.filters.traffic.loadbalancer;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.EndpointPin;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.upstream.EndpointState;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How the balancer honours an endpoint {@code sticky_sessions} pinned. */
class LoadBalancerPinTest {
    private static final String API = """
            clusters:
              - name: api
                endpoints: ["api-1.example.net:8080", "api-2.example.net:8080"]
                health_check: {type: tcp, unhealthy_threshold: 1}
            """;

    private static RequestContext pinned(String address, boolean failover) {
        RequestContext ctx = request("/");
        ctx.cluster("api");
        ctx.extensions().put(EndpointPin.KEY, new EndpointPin(address, failover));
        return ctx;
    }

    @Test
    void aPinnedMemberIsUsedOnEveryRequestWithoutReselection() {
        HttpFilter lb = build(new LoadBalancerFactory(), API).accepted();
        for (int i = 0; i < 6; i++) {
            RequestContext ctx = pinned("api-2.example.net:8080", true);
            lb.onRequest(ctx);
            assertThat(ctx.upstream().endpoint().address()).as("round robin would alternate; the pin holds")
                    .isEqualTo("api-2.example.net:8080");
            assertThat(ctx.upstream().reselector().reselect(List.of(ctx.upstream().endpointState())))
                    .as("a pinned request is not reselected on retry").isNull();
        }
    }

    @Test
    void anUnhealthyPinYieldsToTheStrategyOnlyWithFailover() {
        HttpFilter lb = build(new LoadBalancerFactory(), API).accepted();
        RequestContext probe = pinned("api-2.example.net:8080", false);
        lb.onRequest(probe);
        EndpointState two = probe.upstream().endpointState();
        two.recordProbe(false);
        assertThat(two.healthy()).as("one failed probe ejects with unhealthy_threshold 1").isFalse();

        RequestContext failover = pinned("api-2.example.net:8080", true);
        lb.onRequest(failover);
        assertThat(failover.upstream().endpoint().address()).as("failover: the strategy skips the unhealthy pin")
                .isEqualTo("api-1.example.net:8080");
        RequestContext stay = pinned("api-2.example.net:8080", false);
        lb.onRequest(stay);
        assertThat(stay.upstream().endpoint().address()).as("failover false: the pin holds anyway")
                .isEqualTo("api-2.example.net:8080");
    }

    @Test
    void aPinThatIsNoLongerAMemberIsIgnored() {
        HttpFilter lb = build(new LoadBalancerFactory(), API).accepted();
        RequestContext ctx = pinned("gone.example.net:8080", false);
        lb.onRequest(ctx);
        assertThat(ctx.upstream().endpoint().address()).as("the strategy picks a member")
                .startsWith("api-");
    }
}

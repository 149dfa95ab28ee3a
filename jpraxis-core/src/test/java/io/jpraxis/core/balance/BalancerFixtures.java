package io.jpraxis.core.balance;

import io.jpraxis.config.model.HealthCheckConfig;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.RequestPath;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Endpoints, requests and pick counting shared by the balancer tests. */
final class BalancerFixtures {
    /** One failed probe ejects, one good probe restores: tests flip health in one call. */
    static final HealthCheckConfig FLIP = new HealthCheckConfig(HealthCheckConfig.HealthCheckType.TCP, "/", 200,
            1000, 100, 1, 1, null, null, "");

    private BalancerFixtures() {
    }

    static Endpoint endpoint(int lastOctet, int weight) {
        return new Endpoint("10.0.0." + lastOctet, 80, weight);
    }

    /** Health-checked states (all healthy at first) for {@code endpoints}, in order. */
    static List<EndpointState> states(Endpoint... endpoints) {
        return Arrays.stream(endpoints).map(e -> new EndpointState(e, FLIP)).toList();
    }

    static void eject(EndpointState state) {
        state.recordProbe(false);
    }

    static void restore(EndpointState state) {
        state.recordProbe(true);
    }

    static RequestContext request(String path) {
        return request(path, new HeaderMap());
    }

    static RequestContext request(String path, HeaderMap headers) {
        return new RequestContext("l", "GET", RequestPath.of(path), null, "http",
                new InetSocketAddress("127.0.0.1", 5000), headers, "req-1", Instant.EPOCH);
    }

    static Map<Endpoint, Integer> spread(Balancer balancer, int picks) {
        Map<Endpoint, Integer> counts = new HashMap<>();
        RequestContext ctx = request("/");
        for (int i = 0; i < picks; i++) {
            counts.merge(balancer.pick(ctx).endpoint(), 1, Integer::sum);
        }
        return counts;
    }
}

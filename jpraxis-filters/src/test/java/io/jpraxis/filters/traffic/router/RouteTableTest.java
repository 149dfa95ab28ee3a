package io.jpraxis.filters.traffic.router;

import static io.jpraxis.filters.testing.FilterFixtures.request;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.filters.support.Hosts;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The indexed lookup must pick exactly the route a scan of every route in match order picks. */
class RouteTableTest {
    private static final String[] SEGMENTS = {"a", "b", "api", "v1", "", "x"};

    @Test
    void indexedLookupAgreesWithAFullScanOnRandomTables() {
        Random random = new Random(20261130);
        for (int table = 0; table < 200; table++) {
            List<RouteConfig> routes = new ArrayList<>();
            int count = 1 + random.nextInt(30);
            for (int i = 0; i < count; i++) {
                routes.add(randomRoute(random, "c" + i));
            }
            RouteTable indexed = new RouteTable(routes, false);
            List<CompiledRoute> scanOrder = new ArrayList<>();
            for (int i = 0; i < routes.size(); i++) {
                scanOrder.add(new CompiledRoute(routes.get(i), i));
            }
            scanOrder.sort(RouteTable.MOST_SPECIFIC_FIRST);
            for (int probe = 0; probe < 50; probe++) {
                String path = randomPath(random, true);
                RequestContext ctx = random.nextBoolean()
                        ? request(path, "host", "api.example.com", "x-tier", "gold")
                        : request(path, "host", "other.test");
                CompiledRoute expected = scan(scanOrder, ctx);
                CompiledRoute actual = indexed.match(ctx);
                assertThat(actual == null ? null : actual.cluster())
                        .as("table %s, path %s", routes, path)
                        .isEqualTo(expected == null ? null : expected.cluster());
            }
        }
    }

    @Test
    void prefixesMatchAtSegmentBoundariesOnly() {
        RouteTable table = new RouteTable(List.of(
                new RouteConfig(new RoutePath.Prefix("/api/"), "api", null, List.of()),
                new RouteConfig(new RoutePath.Prefix("/"), "root", null, List.of())), false);
        assertThat(table.match(request("/api")).cluster()).isEqualTo("api");
        assertThat(table.match(request("/api/v1/x")).cluster()).isEqualTo("api");
        assertThat(table.match(request("/apikeys")).cluster()).isEqualTo("root");
        assertThat(table.match(request("//api")).cluster()).as("docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding: slashes merged before matching")
                .isEqualTo("api");
        assertThat(table.match(request("/apikeys/../api;x")).cluster()).as("matched canonical, parameters dropped")
                .isEqualTo("api");
        assertThat(table.match(request("*"))).as("asterisk-form matches no path route").isNull();
    }

    private static CompiledRoute scan(List<CompiledRoute> ordered, RequestContext ctx) {
        String authority = ctx.authority();
        int hostEnd = authority == null ? 0 : Hosts.hostEnd(authority);
        for (CompiledRoute route : ordered) {
            if (route.matches(ctx.matchPath(), authority, hostEnd, ctx.headers(), false)) {
                return route;
            }
        }
        return null;
    }

    private static RouteConfig randomRoute(Random random, String cluster) {
        String path = randomPath(random, false);
        RoutePath routePath = random.nextInt(3) == 0 ? new RoutePath.Exact(path) : new RoutePath.Prefix(path);
        String host = random.nextInt(4) == 0 ? "*.example.com" : null;
        List<RouteConfig.HeaderMatch> headers = random.nextInt(4) == 0
                ? List.of(new RouteConfig.HeaderMatch("x-tier", "gold")) : List.of();
        return new RouteConfig(routePath, cluster, host, headers);
    }

    private static String randomPath(Random random, boolean trailingSlashes) {
        StringBuilder sb = new StringBuilder();
        int depth = random.nextInt(4);
        for (int i = 0; i < depth; i++) {
            sb.append('/').append(SEGMENTS[random.nextInt(SEGMENTS.length)]);
        }
        if (sb.isEmpty() || (trailingSlashes && random.nextInt(4) == 0)) {
            sb.append('/');
        }
        return sb.toString();
    }
}

package io.jpraxis.filters.traffic.sticky;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.filters.testing.FilterFixtures.Built;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.ClusterSticky;
import io.jpraxis.filters.traffic.sticky.StickySessionsConfig.CookieAttributes;
import org.junit.jupiter.api.Test;

class StickySessionsFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].clusters";

    private static Built read(String clustersYaml) {
        return build(new StickySessionsFactory(), "clusters:\n" + clustersYaml);
    }

    @Test
    void defaultsAreTheDocumentedOnesAndItHasAResponseHook() {
        Built built = read("  - {name: api, type: cookie, cookie_name: sid}\n");
        ClusterSticky entry = ((StickySessionsFilter) built.accepted()).settings().clusters().get(0);
        assertThat(entry).as("ttl 3600, failover, 100,000 entries, lru, no attributes")
                .isEqualTo(new ClusterSticky("api", StickyMode.COOKIE, "sid", CookieAttributes.NONE, 3600, true,
                        100_000, Eviction.LRU));
        assertThat(built.declared().responseHook()).as("Set-Cookie and learning happen on the response").isTrue();
        assertThat(built.declared().traits()).as("cluster_reader_without_router wants a router before it")
                .containsExactly(io.jpraxis.core.filter.FilterTrait.READS_CLUSTER);
    }

    @Test
    void itsDumpIsInTheYamlShapeWithDefaultsWrittenOut() {
        Object dumped = read("  - {name: api, type: header, header_name: X-Session}\n").accepted().config();
        assertThat(dumped).as("jpraxis dump writes the entry's keys, so the dump loads back")
                .isEqualTo(java.util.Map.of("clusters", java.util.List.of(java.util.Map.of("name", "api", "type",
                        "header", "header_name", "X-Session", "ttl_secs", 3600L, "failover", true, "max_entries",
                        100_000, "eviction", "lru"))));
    }

    @Test
    void everyKeyIsRead() {
        ClusterSticky entry = ((StickySessionsFilter) read("""
                  - name: api
                    type: cookie
                    cookie_name: sid
                    cookie_attributes: {domain: example.com, path: /app, http_only: true, secure: true, same_site: None}
                    ttl_secs: 60
                    failover: false
                    max_entries: 200000
                    eviction: ttl
                """).accepted()).settings().clusters().get(0);
        assertThat(entry).isEqualTo(new ClusterSticky("api", StickyMode.COOKIE, "sid",
                new CookieAttributes("example.com", "/app", true, true, "None"), 60, false, 200_000, Eviction.TTL));
    }

    @Test
    void boundsAreRefusedNamingTheCluster() {
        assertThat(read("""
                  - {name: api, type: header, header_name: x-s, ttl_secs: 0, max_entries: 200001, eviction: fifo}
                  - {name: web, type: cookie, cookie_name: sid, max_entries: 0}
                """).refused()).satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT + "[0].ttl_secs").contains("cluster 'api'"),
                        e -> assertThat(e).contains(AT + "[0].max_entries").contains("cluster 'api'"),
                        e -> assertThat(e).contains(AT + "[0].eviction").contains("lru | ttl").contains("cluster 'api'"),
                        e -> assertThat(e).contains(AT + "[1].max_entries").contains("cluster 'web'"));
    }

    @Test
    void eachTypeNeedsItsOwnKeyNameAndRefusesTheOthers() {
        assertThat(read("""
                  - {name: a, type: cookie}
                  - {name: b, type: learn, header_name: x-s, cookie_name: sid}
                  - {name: c, type: header, cookie_name: sid}
                  - {name: d, type: learn, cookie_name: sid, cookie_attributes: {secure: true}}
                  - {name: e, type: header, header_name: "bad name"}
                  - {name: f, type: cookie, cookie_name: ""}
                """).refused()).satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT + "[0].cookie_name").contains("required").contains("cluster 'a'"),
                        e -> assertThat(e).contains(AT + "[1].header_name").contains("takes cookie_name")
                                .contains("cluster 'b'"),
                        e -> assertThat(e).contains(AT + "[2].cookie_name").contains("takes header_name"),
                        e -> assertThat(e).contains(AT + "[2].header_name").contains("required"),
                        e -> assertThat(e).contains(AT + "[3].cookie_attributes").contains("only type cookie"),
                        e -> assertThat(e).contains(AT + "[4].header_name").contains("header name"),
                        e -> assertThat(e).contains(AT + "[5].cookie_name").contains("cookie name")
                                .contains("cluster 'f'"));
    }

    @Test
    void typeAndNameAreRequiredAndTypeIsAClosedSet() {
        assertThat(read("""
                  - {cookie_name: sid}
                  - {name: b, type: session}
                """).refused()).satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT + "[0].name").contains("required"),
                        e -> assertThat(e).contains(AT + "[0].type").contains("required"),
                        e -> assertThat(e).contains(AT + "[1].type").contains("cookie | header | learn")
                                .contains("cluster 'b'"));
    }

    @Test
    void attributesThatCouldBreakTheHeaderAreRefused() {
        assertThat(read("""
                  - name: api
                    type: cookie
                    cookie_name: sid
                    cookie_attributes: {domain: "a.com; Secure", path: "/x,y", same_site: lax, colour: red}
                """).refused()).satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT + "[0].cookie_attributes.domain").contains("without ';'"),
                        e -> assertThat(e).contains(AT + "[0].cookie_attributes.path").contains("without ';'"),
                        e -> assertThat(e).contains(AT + "[0].cookie_attributes.same_site")
                                .contains("Strict | Lax | None"),
                        e -> assertThat(e).contains(AT + "[0].cookie_attributes.colour").contains("unknown key")
                                .contains("cluster 'api'"));
    }

    @Test
    void sameSiteNoneWithoutSecureIsAWarning() {
        Built built = read("  - {name: api, type: cookie, cookie_name: sid, cookie_attributes: {same_site: None}}\n");
        built.accepted();
        assertThat(built.warnings()).singleElement().asString().contains("cookie_attributes.same_site")
                .contains("without secure").contains("cluster 'api'");
    }

    @Test
    void listProblemsDuplicatesUnknownAndIncompleteKeys() {
        assertThat(build(new StickySessionsFactory(), "clusters: []\n").refused()).singleElement().asString()
                .contains(AT).contains("at least one cluster");
        assertThat(build(new StickySessionsFactory(), "backend: {kind: valkey}\n").refused())
                .satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT).contains("required"),
                        e -> assertThat(e).contains("backend.url").contains("required with kind: valkey"));
        assertThat(read("""
                  - {name: api, type: header, header_name: x-a}
                  - {name: api, type: header, header_name: x-b, stickiness: 1}
                  - {name: web, type: header, header_name: x-a}
                  - {name: web, type: header, header_name: x-a}
                """).refused()).satisfiesExactlyInAnyOrder(
                        e -> assertThat(e).contains(AT + "[1].stickiness").contains("unknown key"),
                        e -> assertThat(e).contains(AT + "[3].name").contains("clusters[2] does")
                                .contains("cluster 'web'"));
    }
}

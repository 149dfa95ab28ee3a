package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.Feature;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Logical upstream binding over real sockets (feature upstream-binding; see
 * docs/behaviour/binding.md#the-freeze, docs/behaviour/binding.md#the-cluster-catalog,
 * docs/behaviour/binding.md#bound-conditions, docs/behaviour/binding.md#the-bound-body-barrier,
 * docs/behaviour/binding.md#consumers).
 */
class UpstreamBindingTest {
    private static final FeatureSet BINDING = FeatureSet.of(Feature.UPSTREAM_BINDING);
    /** Lets configs that validation would refuse reach the runtime backstops. */
    private static final String SKIP_VALIDATION = """
            insecure_options:
              allow_private_endpoints: true
              skip_pipeline_validation: true
            """;

    private TestOrigin openai;
    private TestOrigin generic;

    @BeforeEach
    void origins() {
        openai = TestOrigin.start("openai");
        generic = TestOrigin.start("generic");
    }

    @AfterEach
    void stop() {
        openai.close();
        generic.close();
    }

    /** A router binding /openai/ to the tagged cluster and everything else to the untagged one. */
    private static String router(String name) {
        return """
                - filter: router
                  name: %s
                  routes:
                    - path_prefix: "/openai/"
                      cluster: openai_backend
                    - path_prefix: "/"
                      cluster: generic_backend
                """.formatted(name);
    }

    private String clusters() {
        return """
                clusters:
                  - name: openai_backend
                    http: {application_protocol: openai_responses, application_provider: openai}
                    endpoints: ["%s"]
                  - name: generic_backend
                    endpoints: ["%s"]
                """.formatted(openai.address(), generic.address());
    }

    private String balancer(String source) {
        return "- filter: load_balancer\n  cluster_source: " + source + "\n" + clusters().indent(2);
    }

    /** A headers filter that tags requests whose binding is provider openai. */
    private static final String TAG_OPENAI = """
            - filter: headers
              conditions:
                - when:
                    bound_upstream: {application_provider: openai}
              request_set:
                - name: X-Bound-Provider
                  value: openai
            """;

    private static RawResponse get(RawHttpConnection conn, String path) throws Exception {
        return conn.get(path);
    }

    private static void assertJsonError(RawResponse r, int status) {
        assertThat(r.status()).isEqualTo(status);
        assertThat(r.header("content-type")).startsWith("application/problem+json");
        assertThat(r.bodyText()).startsWith("{\"type\":\"about:blank\",");
    }

    @Test
    void withoutTheFeatureABoundConditionIsRefusedAtLoad() {
        String yaml = TestConfigs.pipeline(router("r") + TAG_OPENAI + balancer("router"));
        assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> RunningGateway.start(yaml)))
                .hasMessageContaining("needs the upstream-binding feature");
    }

    @Test
    void theRouterBindsAndABoundConditionSeesTheClustersTags() throws Exception {
        String yaml = TestConfigs.pipeline(router("r") + TAG_OPENAI + balancer("router"));
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse tagged = get(conn, "/openai/v1/responses").echo();
            assertThat(tagged.origin()).isEqualTo("openai");
            assertThat(tagged.header("x-bound-provider")).as("bound to the openai-tagged cluster").isEqualTo("openai");

            EchoResponse untagged = get(conn, "/v1/chat/completions").echo();
            assertThat(untagged.origin()).isEqualTo("generic");
            assertThat(untagged.hasHeader("x-bound-provider")).as("an untagged cluster never matches a when").isFalse();
        }
    }

    @Test
    void aDirectBranchDispatchesFromTheBindingAndSkipsTheRestOfThePipeline() throws Exception {
        String yaml = TestConfigs.pipeline(router("r") + """
                - filter: headers
                  name: provider-gate
                  conditions:
                    - when:
                        bound_upstream: {application_provider: openai}
                  branch_chains:
                    - name: direct
                      rejoin: terminal
                      chains:
                        - name: direct-dispatch
                          filters:
                %s
                - filter: headers
                  request_set:
                    - name: X-Gateway
                      value: processed
                """.formatted(balancer("bound_upstream").indent(12).stripTrailing()) + balancer("router"));
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse direct = get(conn, "/openai/v1/responses").echo();
            assertThat(direct.origin()).isEqualTo("openai");
            assertThat(direct.hasHeader("x-gateway")).as("the terminal branch forwarded; later filters did not run")
                    .isFalse();

            EchoResponse processed = get(conn, "/v1/chat/completions").echo();
            assertThat(processed.origin()).isEqualTo("generic");
            assertThat(processed.header("x-gateway")).as("the gate skipped the branch").isEqualTo("processed");
        }
    }

    @Test
    void aSecondRouterChoosingTheSameClusterIsANoOp() throws Exception {
        String yaml = TestConfigs.pipeline(router("first") + router("second") + TAG_OPENAI + balancer("bound_upstream"),
                SKIP_VALIDATION);
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse r = get(conn, "/openai/v1/responses");
            assertThat(r.status()).as("republishing the bound cluster changes nothing").isEqualTo(200);
            assertThat(r.echo().header("x-bound-provider")).isEqualTo("openai");
        }
    }

    @Test
    void aSecondRouterChoosingAnotherClusterFailsClosed() throws Exception {
        String other = """
                - filter: router
                  name: second
                  routes:
                    - path_prefix: "/"
                      cluster: generic_backend
                """;
        String yaml = TestConfigs.pipeline(router("first") + other + TAG_OPENAI + balancer("bound_upstream"),
                SKIP_VALIDATION);
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            RawResponse rebind = get(conn, "/openai/v1/responses");
            assertJsonError(rebind, 500);
            assertThat(rebind.bodyText()).endsWith(",\"detail\":\"upstream binding conflict\"}");
            assertThat(openai.requestCount() + generic.requestCount()).as("nothing was forwarded").isZero();

            assertThat(get(conn, "/v1/models").status()).as("both routers agree on the catch-all").isEqualTo(200);
        }
    }

    @Test
    void aBoundBalancerWithNothingBoundFailsClosed() throws Exception {
        String yaml = TestConfigs.pipeline(balancer("bound_upstream"), SKIP_VALIDATION);
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertJsonError(get(conn, "/openai/v1/responses"), 500);
            assertThat(openai.requestCount() + generic.requestCount()).isZero();
        }
    }

    @Test
    void aBoundBalancerThatDoesNotDeclareTheBoundClusterFailsClosed() throws Exception {
        String onlyOpenai = """
                - filter: load_balancer
                  cluster_source: bound_upstream
                  clusters:
                    - name: openai_backend
                      endpoints: ["%s"]
                """.formatted(openai.address());
        String yaml = TestConfigs.pipeline(router("r") + onlyOpenai, SKIP_VALIDATION);
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertThat(get(conn, "/openai/v1/responses").status()).isEqualTo(200);
            assertJsonError(get(conn, "/v1/models"), 500);
            assertThat(generic.requestCount()).isZero();
        }
    }

    @Test
    void aBoundBalancerRefusesAnExchangeClusterThatDisagreesWithTheBinding() throws Exception {
        List<FilterFactory<?>> types = new ArrayList<>(BuiltInFilters.all());
        types.add(new ClusterSetterFactory());
        String yaml = TestConfigs.pipeline(router("r") + """
                - filter: test_set_cluster
                  cluster: generic_backend
                """ + balancer("bound_upstream"), SKIP_VALIDATION);
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING, FilterRegistry.withBuiltIns(types));
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            assertJsonError(get(conn, "/openai/v1/responses"), 500);
            assertThat(get(conn, "/v1/models").status()).as("the same cluster agrees").isEqualTo(200);
            assertThat(openai.requestCount()).isZero();
        }
    }

    @Test
    void noBindingLeaksToTheNextRequestOnAKeepAliveConnection() throws Exception {
        String yaml = TestConfigs.pipeline(router("r") + TAG_OPENAI + balancer("bound_upstream"));
        try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                ExecutorService clients = Executors.newFixedThreadPool(4)) {
            List<Future<Integer>> runs = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                int client = c;
                runs.add(clients.submit(() -> alternate(gw.port(), client)));
            }
            int total = 0;
            for (Future<Integer> run : runs) {
                total += run.get();
            }
            assertThat(total).isEqualTo(4 * 40);
            assertThat(openai.requestCount()).isEqualTo(80);
            assertThat(generic.requestCount()).isEqualTo(80);
        }
    }

    /** Alternates bound clusters on one connection; a leaked binding would rebind (500) or mis-tag. */
    private static int alternate(int port, int client) throws Exception {
        int ok = 0;
        try (RawHttpConnection conn = RawHttpConnection.open(port)) {
            for (int i = 0; i < 40; i++) {
                boolean toOpenai = (i + client) % 2 == 0;
                RawResponse r = conn.get(toOpenai ? "/openai/v1/responses" : "/v1/chat/completions");
                assertThat(r.status()).as("request %d of client %d", i, client).isEqualTo(200);
                EchoResponse echo = r.echo();
                assertThat(echo.origin()).isEqualTo(toOpenai ? "openai" : "generic");
                assertThat(echo.hasHeader("x-bound-provider")).as("tag of request %d of client %d", i, client)
                        .isEqualTo(toOpenai);
                ok++;
            }
        }
        return ok;
    }

    @Test
    void aBoundClusterUsesItsOwnConsistentHashStrategy() throws Exception {
        try (TestOrigin third = TestOrigin.start("third")) {
            String yaml = TestConfigs.pipeline("""
                    - filter: router
                      routes:
                        - path_prefix: "/"
                          cluster: pool
                    - filter: load_balancer
                      cluster_source: bound_upstream
                      clusters:
                        - name: pool
                          load_balancer_strategy: {consistent_hash: {header: x-user-id}}
                          endpoints: ["%s", "%s", "%s"]
                    """.formatted(openai.address(), generic.address(), third.address()));
            try (RunningGateway gw = RunningGateway.start(yaml, BINDING);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                Set<String> homes = new TreeSet<>();
                for (int user = 0; user < 12; user++) {
                    String home = null;
                    for (int i = 0; i < 5; i++) {
                        conn.send("GET /v1/models HTTP/1.1\r\nHost: gw\r\nX-User-Id: user-" + user + "\r\n\r\n");
                        String origin = conn.readResponse().echo().origin();
                        home = home == null ? origin : home;
                        assertThat(origin).as("user-%d stays on one endpoint", user).isEqualTo(home);
                    }
                    homes.add(home);
                }
                assertThat(homes).as("the keys spread over the endpoints").hasSizeGreaterThan(1);
            }
        }
    }
}

package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigDump;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.GatewayFilters;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code credential_inject} end to end (see
 * docs/reference/filters/credential_inject.md#what-it-does,
 * docs/behaviour/routing-headers.md#credential-references): a test filter publishes the credential
 * reference {@code intelligent_route} would, and the origin sees the gateway's credential instead
 * of the client's; a reference the gateway cannot serve gets 503 and never reaches the origin.
 */
@Timeout(60)
class CredentialInjectEndToEndTest {
    private TestOrigin origin;

    @TempDir
    Path dir;

    @BeforeEach
    void startOrigin() {
        origin = TestOrigin.start("provider");
    }

    @AfterEach
    void stopOrigin() {
        origin.close();
    }

    private static FilterRegistry registry() {
        List<FilterFactory<?>> types = new ArrayList<>(GatewayFilters.all());
        types.add(new CredentialRefFactory());
        return FilterRegistry.withBuiltIns(types);
    }

    private String config() throws IOException {
        Path file = Files.writeString(dir.resolve("anthropic-key"), "sk-file-secret-456\n");
        return TestConfigs.pipeline("""
                - filter: test_credential_ref
                - filter: credential_inject
                  credentials:
                    - name: openai
                      namespace: ai
                      key: token
                      value: sk-inline-secret-123
                    - name: anthropic
                      namespace: ai
                      key: token
                      strategy: apikey
                      header: x-api-key
                      file: "%s"
                - filter: router
                  routes: [{path_prefix: /, cluster: provider}]
                - filter: load_balancer
                  clusters: [{name: provider, endpoints: ["%s"]}]
                """.formatted(file, origin.address()));
    }

    private static RawResponse get(RawHttpConnection conn, String... headerLines) throws IOException {
        StringBuilder head = new StringBuilder("GET /v1/models HTTP/1.1\r\nHost: test\r\n");
        for (String line : headerLines) {
            head.append(line).append("\r\n");
        }
        conn.send(head.append("\r\n").toString());
        return conn.readResponse();
    }

    @Test
    void theGatewaysCredentialReplacesTheClients() throws Exception {
        try (RunningGateway gw = RunningGateway.start(config(), registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            EchoResponse bearer = get(conn, "Authorization: Bearer client-token",
                    "x-test-credential: bearer_token/openai/ai/token").echo();
            EchoResponse apikey = get(conn, "Authorization: Bearer client-token", "X-API-Key: client-key",
                    "x-test-credential: apikey/anthropic/ai/token/x-api-key").echo();
            EchoResponse none = get(conn, "Authorization: Bearer client-token").echo();

            assertThat(bearer.headerValues("authorization")).containsExactly("Bearer sk-inline-secret-123");
            assertThat(apikey.headerValues("x-api-key")).as("the file's key, trimmed").containsExactly(
                    "sk-file-secret-456");
            assertThat(apikey.hasHeader("authorization")).as("the client's Authorization is removed").isFalse();
            assertThat(none.headerValues("authorization")).as("no reference: the request is left alone")
                    .containsExactly("Bearer client-token");
        }
    }

    @Test
    void aReferenceTheGatewayCannotServeGets503AndNeverReachesTheOrigin() throws Exception {
        try (RunningGateway gw = RunningGateway.start(config(), registry());
                RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            for (String ref : List.of("bearer_token/unknown/ai/token", "bearer_token/openai//token",
                    "basic/openai/ai/token", "apikey/anthropic/ai/token", "bearer_token/anthropic/ai/token")) {
                RawResponse response = get(conn, "Authorization: Bearer client-token", "x-test-credential: " + ref);

                assertThat(response.status()).as(ref).isEqualTo(503);
                assertThat(response.header("content-type")).as(ref).startsWith("application/json");
                assertThat(response.bodyText()).as("docs/behaviour/request-lifecycle.md#error-bodies: a reason, no secret, no locator, in OpenAI's shape on /v1/models")
                        .isEqualTo("{\"error\":{\"message\":\"upstream credential unavailable\",\"type\":\"server_error\","
                                + "\"param\":null,\"code\":\"service_unavailable\"}}");
            }
            assertThat(origin.requestCount()).isZero();
        }
    }

    @Test
    void theDumpRedactsTheInlineTokenAndShowsWhereTheOthersComeFrom() throws Exception {
        GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system(), registry());
        CompileResult result = builder.build(config());
        assertThat(result.ok()).isTrue();
        try {
            String dump = ConfigDump.render(result.gateway(), builder.registry());

            assertThat(dump).doesNotContain("sk-inline-secret-123").doesNotContain("sk-file-secret-456")
                    .contains("value: \"[REDACTED]\"").contains("file: " + dir.resolve("anthropic-key"))
                    .contains("strategy: apikey").contains("header: x-api-key");
        } finally {
            result.gateway().close();
        }
    }
}

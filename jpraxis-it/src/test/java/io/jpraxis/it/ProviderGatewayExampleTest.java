package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * examples/provider-gateway.yaml end to end over real mutual TLS with the demo certificates: the
 * pinned edge reaches the mapped origin with the provider's token and provider headers instead of
 * its own; a wrong model, an unknown candidate, another certificate or none never get there.
 */
@Timeout(60)
class ProviderGatewayExampleTest {
    static final String EXAMPLE = "provider-gateway.yaml";
    private static final String REVISION = "0123456789abcdef".repeat(4);
    private static final String CHAT = "/v1/chat/completions";

    private static RunningGateway start(TestOrigin openai, TestOrigin vllm) {
        String yaml = Examples.read(EXAMPLE).replace("\"127.0.0.1:8443\"", "\"127.0.0.1:0\"")
                .replace("\"127.0.0.1:3000\"", "\"" + openai.address() + "\"")
                .replace("\"127.0.0.1:3001\"", "\"" + vllm.address() + "\"");
        return RunningGateway.start(yaml);
    }

    private static HttpResponse<String> send(RunningGateway gw, String worker, String path, String body,
            Map<String, String> headers) throws Exception {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(TlsExamplesTest.context(worker)).connectTimeout(Duration.ofSeconds(5)).build();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("https://localhost:" + gw.port() + path))
                .timeout(Duration.ofSeconds(10)).header("content-type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(request::header);
        return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static Map<String, String> hop(String candidate) {
        return Map.of("x-ai-routing-candidate", candidate, "x-ai-routing-request-id", "hop-1");
    }

    private static String model(String name) {
        return "{\"model\": \"" + name + "\", \"messages\": []}";
    }

    @Test
    void theTrustedEdgeReachesTheMappedOriginWithTheProvidersTokenAndHeaders() throws Exception {
        try (TestOrigin openai = TestOrigin.start("openai-east"); TestOrigin vllm = TestOrigin.start("vllm");
                RunningGateway gw = start(openai, vllm)) {
            HttpResponse<String> r = send(gw, "batch-worker", CHAT, model("gpt-4o"), Map.of(
                    "x-ai-routing-candidate", "gpt-4o-east", "x-ai-routing-request-id", "hop-1",
                    "x-ai-routing-revision", REVISION, "authorization", "Bearer the-callers-own",
                    "x-ai-provider-attribution", "forged"));

            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            EchoResponse seen = EchoResponse.parse(r.body());
            assertThat(seen.origin()).as("the mapped cluster").isEqualTo("openai-east");
            assertThat(seen.headerValues("authorization")).as("the provider's token replaces the caller's")
                    .containsExactly("Bearer demo-provider-token");
            assertThat(seen.header("x-ai-provider-request-id")).isEqualTo("hop-1");
            assertThat(seen.headerValues("x-ai-provider-attribution")).as("the forged copy replaced")
                    .containsExactly("provider-east");
            assertThat(seen.header("x-ai-provider-routing-revision")).isEqualTo(REVISION);
            assertThat(seen.hasHeader("x-ai-routing-candidate") || seen.hasHeader("x-ai-routing-request-id")
                    || seen.hasHeader("x-ai-routing-revision")).as("hop headers stay on the hop").isFalse();
            assertThat(r.headers().firstValue("x-ai-demo-provider-gateway")).as("emit_demo_attribution")
                    .hasValue("provider-east");

            HttpResponse<String> local = send(gw, "batch-worker", CHAT, model("llama-70b"), hop("llama-local"));
            assertThat(local.statusCode()).isEqualTo(200);
            EchoResponse atVllm = EchoResponse.parse(local.body());
            assertThat(atVllm.origin()).isEqualTo("vllm");
            assertThat(atVllm.hasHeader("authorization")).as("a route without credential sends none").isFalse();
        }
    }

    @Test
    void aWrongModelOrPathIs404AnUnknownCandidate403AndNeitherReachesAnOrigin() throws Exception {
        try (TestOrigin openai = TestOrigin.start("openai-east"); TestOrigin vllm = TestOrigin.start("vllm");
                RunningGateway gw = start(openai, vllm)) {
            assertThat(send(gw, "batch-worker", CHAT, model("gpt-4o-mini"), hop("gpt-4o-east")).statusCode())
                    .as("a model the candidate does not serve").isEqualTo(404);
            assertThat(send(gw, "batch-worker", "/v1/responses", model("llama-70b"), hop("llama-local"))
                    .statusCode()).as("a path the candidate does not serve").isEqualTo(404);
            assertThat(send(gw, "batch-worker", CHAT, model("gpt-4o"), hop("gpt-4o-west")).statusCode())
                    .as("a candidate this provider does not have").isEqualTo(403);
            assertThat(send(gw, "batch-worker", CHAT, model("gpt-4o"), Map.of()).statusCode())
                    .as("no hop headers").isEqualTo(403);
            assertThat(send(gw, "batch-worker", CHAT, "{\"messages\": []}", hop("gpt-4o-east")).statusCode())
                    .as("no model").isEqualTo(400);
            assertThat(openai.requestCount() + vllm.requestCount()).as("no refused request reached an origin")
                    .isZero();
        }
    }

    @Test
    void aClientWithoutTheEdgesCertificateNeverReachesProviderRoute() throws Exception {
        try (TestOrigin openai = TestOrigin.start("openai-east"); TestOrigin vllm = TestOrigin.start("vllm");
                RunningGateway gw = start(openai, vllm)) {
            assertThatThrownBy(() -> send(gw, null, CHAT, model("gpt-4o"), hop("gpt-4o-east")))
                    .as("no client certificate: the handshake is refused").isInstanceOf(IOException.class);
            assertThat(send(gw, "retired-worker", CHAT, model("gpt-4o"), hop("gpt-4o-east")).statusCode())
                    .as("CA-signed, but not the edge's certificate: peer_identity_trust answers").isEqualTo(403);
            assertThat(openai.requestCount()).isZero();
        }
    }
}

package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.server.boot.ConfigSource;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.server.reload.HotReload;
import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * examples/model-catalog.yaml end to end over real sockets with Java's HTTP client (see
 * docs/reference/filters/model_catalog.md): the list and one model in OpenAI's format, an unknown
 * id as OpenAI's 404, no listing reaching a provider while chat requests beside it are routed by
 * intelligent_route; then the list following a config reload and an overlay rewrite.
 */
@Timeout(60)
class ModelCatalogExampleTest {
    static final String EXAMPLE = "model-catalog.yaml";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static JsonNode json(HttpResponse<String> r) {
        try {
            return JSON.readTree(r.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> ids(URI base) {
        HttpResponse<String> r = Http.get(base.resolve("/v1/models"));
        assertThat(r.statusCode()).isEqualTo(200);
        return json(r).get("data").findValuesAsText("id");
    }

    private static HttpResponse<String> send(URI uri, String method, String body) {
        return Http.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).header("content-type",
                "application/json").method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofString(body)).build());
    }

    @Test
    void listsTheCandidatesModelsAnswersOneOrA404AndRoutesChatBesideIt() throws Exception {
        try (TestOrigin openai = TestOrigin.start("openai"); TestOrigin azure = TestOrigin.start("azure");
                TestOrigin gpu = TestOrigin.start("gpu");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001",
                        openai.address(), "127.0.0.1:3002", azure.address(), "127.0.0.1:3003", gpu.address())))) {
            HttpResponse<String> list = Http.get(gw.uri("/v1/models"));
            assertThat(list.statusCode()).isEqualTo(200);
            assertThat(list.headers().firstValue("content-type")).hasValue("application/json");
            assertThat(json(list)).as("OpenAI's list object, each model once, owned by its first cluster")
                    .isEqualTo(JSON.readTree("""
                            {"object": "list", "data": [
                              {"id": "gpt-4o", "object": "model", "created": 1735689600, "owned_by": "openai"},
                              {"id": "gpt-4o-mini", "object": "model", "created": 1735689600, "owned_by": "openai"},
                              {"id": "llama-3-70b", "object": "model", "created": 1735689600, "owned_by": "local-gpu"}]}
                            """));

            HttpResponse<String> one = Http.get(gw.uri("/v1/models/llama-3-70b"));
            assertThat(json(one)).isEqualTo(JSON.readTree("{\"id\":\"llama-3-70b\",\"object\":\"model\","
                    + "\"created\":1735689600,\"owned_by\":\"local-gpu\"}"));
            HttpResponse<String> unknown = Http.get(gw.uri("/v1/models/gpt-5"));
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(json(unknown).get("error")).as("OpenAI's error object: the SDK raises NotFoundError")
                    .isEqualTo(JSON.readTree("{\"message\":\"The model 'gpt-5' does not exist\","
                            + "\"type\":\"invalid_request_error\",\"param\":null,\"code\":\"model_not_found\"}"));
            HttpResponse<String> post = send(gw.uri("/v1/models"), "POST", "{}");
            assertThat(post.statusCode()).isEqualTo(405);
            assertThat(post.headers().firstValue("allow")).hasValue("GET, HEAD");
            HttpResponse<String> head = send(gw.uri("/v1/models"), "HEAD", null);
            assertThat(head.statusCode()).as("HEAD like GET, without the body").isEqualTo(200);
            assertThat(head.body()).isEmpty();
            assertThat(openai.requestCount() + azure.requestCount() + gpu.requestCount())
                    .as("the catalog answers locally: no listing reached a provider").isZero();

            HttpResponse<String> chat = send(gw.uri("/v1/chat/completions"), "POST",
                    "{\"model\": \"llama-3-70b\", \"messages\": []}");
            assertThat(chat.statusCode()).isEqualTo(200);
            assertThat(EchoResponse.parse(chat.body().getBytes(java.nio.charset.StandardCharsets.UTF_8)).origin())
                    .as("a chat request passes the catalog and is routed by the model in its body").isEqualTo("gpu");
        }
    }

    @Test
    void aReloadWithAnotherCandidateListChangesTheListing() throws Exception {
        try (TestOrigin openai = TestOrigin.start("openai"); TestOrigin azure = TestOrigin.start("azure");
                TestOrigin gpu = TestOrigin.start("gpu")) {
            String yaml = Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", openai.address(), "127.0.0.1:3002",
                    azure.address(), "127.0.0.1:3003", gpu.address()));
            Path file = save(dir.resolve("gateway.yaml"), yaml);
            GatewayBuilder builder = new GatewayBuilder(FeatureSet.NONE, RuntimeServices.system());
            ConfigSource source = new ConfigSource(file, file.toString());
            GatewayBuilder.Built built = builder.buildRevision(source, Instant.now());
            assertThat(built.result().diagnostics().errors()).as("the example builds").isEmpty();
            ServingGateway serving = ServingGateway.start(built.result().gateway(), built.revision(),
                    builder.services(), builder.registry());
            try (HotReload reload = HotReload.start(source, builder, serving)) {
                URI base = URI.create("http://127.0.0.1:" + serving.http().port("ai"));
                assertThat(ids(base)).containsExactly("gpt-4o", "gpt-4o-mini", "llama-3-70b");

                save(file, yaml.replace("          - {kind: inference_model, name: llama-3-70b, site: hub, "
                        + "cluster: local-gpu}\n", "          - {kind: inference_model, name: o3-mini, site: hub, "
                        + "cluster: azure-openai}\n"));
                assertThat(await(() -> ids(base).contains("o3-mini")))
                        .as("the reloaded generation's catalog lists the new route's models").isTrue();
                assertThat(ids(base)).as("and no longer the removed one")
                        .containsExactly("gpt-4o", "gpt-4o-mini", "o3-mini");
                assertThat(json(Http.get(base.resolve("/v1/models/o3-mini"))).get("owned_by").asText())
                        .isEqualTo("azure-openai");
            } finally {
                serving.shutdown(Duration.ofSeconds(2));
            }
        }
    }

    @Test
    void anOverlayRewriteChangesTheNextListingWithoutAReload() throws Exception {
        Path overlay = save(dir.resolve("overlay.json"), overlay("chat-a", "hub-gpu"));
        String yaml = """
                listeners:
                  - {name: ai, address: "127.0.0.1:0", filter_chains: [models]}
                filter_chains:
                  - name: models
                    filters:
                      - filter: model_catalog
                      - filter: intelligent_route
                        overlay_file: "%s"
                        reload: {debounce_ms: 10}
                      - filter: load_balancer
                        clusters:
                          - {name: hub-gpu, endpoints: ["127.0.0.1:3001"]}
                          - {name: cloud, endpoints: ["127.0.0.1:3002"]}
                insecure_options:
                  allow_private_endpoints: true
                """.formatted(overlay);
        try (RunningGateway gw = RunningGateway.start(yaml)) {
            URI base = gw.uri("/");
            assertThat(ids(base)).containsExactly("chat-a");

            save(overlay, overlay("chat-b", "cloud"));
            assertThat(await(() -> ids(base).equals(List.of("chat-b")))).as("the overlay's new candidates are listed")
                    .isTrue();
            assertThat(json(Http.get(gw.uri("/v1/models/chat-b"))).get("owned_by").asText()).isEqualTo("cloud");
            assertThat(Http.get(gw.uri("/v1/models/chat-a")).statusCode()).as("the dropped model is gone")
                    .isEqualTo(404);
        }
    }

    private static String overlay(String model, String cluster) {
        return "{\"network\": \"net\", \"local_site\": \"hub\", \"candidates\": [{\"kind\": \"inference_model\", "
                + "\"name\": \"" + model + "\", \"site\": \"hub\", \"cluster\": \"" + cluster + "\"}]}";
    }

    /** What an editor or a control plane does: write beside the file, then rename over it. */
    private static Path save(Path file, String text) throws IOException {
        Path temp = Files.writeString(file.resolveSibling("." + file.getFileName() + ".tmp"), text);
        return Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static boolean await(Supplier<Boolean> condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(50);
        }
        return true;
    }
}

package io.jpraxis.ai.modelcatalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.jpraxis.ai.intelligentroute.IntelligentRouteFactory;
import io.jpraxis.ai.testing.AiFixtures;
import io.jpraxis.core.filter.FilterAction;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import io.jpraxis.core.pipeline.FilterBuildContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The request path of {@code model_catalog} (see docs/reference/filters/model_catalog.md#what-it-does),
 * with real {@code intelligent_route} filters built in the same context as the catalog, as the
 * filters of one pipeline are.
 */
class ModelCatalogFilterTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STATIC_ROUTE = """
            local_site: hub
            candidates:
              - {kind: inference_model, name: gpt-4o, site: hub, cluster: provider-a}
              - {kind: inference_model, name: gpt-4o, site: hub, cluster: provider-b}
              - {kind: inference_model, name: gpt-4o-mini, site: hub, cluster: provider-b}
              - {kind: mcp_tool, name: search, site: hub, cluster: tools}
            """;

    @TempDir
    Path dir;

    private final FilterBuildContext pipeline = AiFixtures.buildContext();

    private HttpFilter catalog(String yaml) {
        return AiFixtures.build(new ModelCatalogFactory(), yaml, pipeline).accepted();
    }

    private HttpFilter route(String yaml) {
        return AiFixtures.build(new IntelligentRouteFactory(), yaml, pipeline).accepted();
    }

    private static LocalResponse answer(HttpFilter filter, String method, String path) {
        FilterAction action = filter.onRequest(AiFixtures.requestWith(method, path));
        assertThat(action).as(method + " " + path + " is answered locally").isInstanceOf(FilterAction.Respond.class);
        return ((FilterAction.Respond) action).response();
    }

    private static JsonNode json(LocalResponse r) throws IOException {
        assertThat(r.headers().get("content-type")).isEqualTo("application/json");
        return JSON.readTree(r.body());
    }

    private static List<String> ids(HttpFilter catalog) throws IOException {
        JsonNode list = json(answer(catalog, "GET", "/v1/models"));
        return list.get("data").findValuesAsText("id");
    }

    @Test
    void listsEachCandidateModelOnceOwnedByItsFirstClusterInOpenAisListFormat() throws IOException {
        HttpFilter catalog = catalog("created: 1700000000");
        route(STATIC_ROUTE);

        LocalResponse r = answer(catalog, "GET", "/v1/models");
        assertThat(r.status()).isEqualTo(200);
        assertThat(json(r)).as("the route built after the catalog is listed too, tools are not").isEqualTo(JSON.readTree("""
                {"object": "list", "data": [
                  {"id": "gpt-4o", "object": "model", "created": 1700000000, "owned_by": "provider-a"},
                  {"id": "gpt-4o-mini", "object": "model", "created": 1700000000, "owned_by": "provider-b"}]}
                """));
    }

    @Test
    void oneModelIsItsObjectAndAnUnknownOneIsOpenAisNotFound() throws IOException {
        HttpFilter catalog = catalog("{}");
        route(STATIC_ROUTE);

        assertThat(json(answer(catalog, "GET", "/v1/models/gpt-4o-mini"))).isEqualTo(JSON.readTree(
                "{\"id\":\"gpt-4o-mini\",\"object\":\"model\",\"created\":0,\"owned_by\":\"provider-b\"}"));
        LocalResponse missing = answer(catalog, "GET", "/v1/models/gpt-5");
        assertThat(missing.status()).isEqualTo(404);
        assertThat(json(missing)).as("OpenAI's error object, so the SDK raises NotFoundError").isEqualTo(JSON.readTree(
                "{\"error\":{\"message\":\"The model 'gpt-5' does not exist\",\"type\":\"invalid_request_error\","
                        + "\"param\":null,\"code\":\"model_not_found\"}}"));
        assertThat(answer(catalog, "GET", "/v1/models/search").status()).as("an MCP tool is not a model")
                .isEqualTo(404);
    }

    @Test
    void ownModelsComeFirstAndWinOverACandidateOfTheSameId() throws IOException {
        HttpFilter catalog = catalog("models:\n  - {id: gpt-4o-mini, owned_by: openai}\n  - {id: extra}\n");
        route(STATIC_ROUTE);

        JsonNode data = json(answer(catalog, "GET", "/v1/models")).get("data");
        assertThat(data.findValuesAsText("id")).containsExactly("gpt-4o-mini", "extra", "gpt-4o");
        assertThat(data.get(0).get("owned_by").asText()).as("the catalog's own entry wins").isEqualTo("openai");
    }

    @Test
    void withOnlyItsOwnModelsItNeedsNoRoute() throws IOException {
        assertThat(ids(catalog("models:\n  - {id: only}\n"))).containsExactly("only");
    }

    @Test
    void anOverlayChangeShowsInTheNextListing() throws Exception {
        Path overlay = dir.resolve("overlay.json");
        write(overlay, overlay("chat-a", "gpu-1", "new_and_existing") + "," + overlayCandidate("chat-b", "gpu-2",
                "existing_only"));
        HttpFilter catalog = catalog("{}");
        HttpFilter route = route("overlay_file: " + overlay + "\nreload: {debounce_ms: 10}\n");
        route.start();
        try {
            assertThat(ids(catalog)).as("a model no candidate admits new requests for is not listed")
                    .containsExactly("chat-a");
            write(overlay, overlay("chat-b", "gpu-2", "new_and_existing"));
            long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!ids(catalog).equals(List.of("chat-b")) && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(ids(catalog)).as("the rewritten overlay is listed without rebuilding the catalog")
                    .containsExactly("chat-b");
        } finally {
            route.close();
        }
    }

    @Test
    void aCatalogOfAnotherBuildSeesNoneOfThisBuildsRoutes() throws IOException {
        route(STATIC_ROUTE);
        HttpFilter elsewhere = AiFixtures.build(new ModelCatalogFactory(), "models:\n  - {id: own}\n").accepted();

        assertThat(ids(elsewhere)).as("exports are per build (per generation and pipeline)").containsExactly("own");
    }

    @Test
    void headIsAnsweredLikeGetAndOtherMethodsAre405() throws IOException {
        HttpFilter catalog = catalog("{}");
        route(STATIC_ROUTE);

        assertThat(answer(catalog, "HEAD", "/v1/models").status()).isEqualTo(200);
        LocalResponse post = answer(catalog, "POST", "/v1/models");
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.headers().get("allow")).isEqualTo("GET, HEAD");
        assertThat(json(post).get("error").get("code").asText()).isEqualTo("method_not_allowed");
        assertThat(answer(catalog, "DELETE", "/v1/models/gpt-4o").status()).isEqualTo(405);
    }

    @Test
    void otherPathsContinueUntouched() {
        HttpFilter catalog = catalog("path: /openai/models");
        for (String path : new String[] {"/v1/models", "/openai/models-beta", "/openai", "/v1/chat/completions"}) {
            assertThat(catalog.onRequest(AiFixtures.requestWith("GET", path))).as(path).isEqualTo(FilterAction.CONTINUE);
        }
        assertThat(answer(catalog, "GET", "/openai/models/").status()).as("a trailing slash is the list")
                .isEqualTo(200);
    }

    @Test
    void anIdWithSlashesOrEscapesIsMatchedDecoded() throws IOException {
        HttpFilter catalog = catalog("models:\n  - {id: meta-llama/Llama-3-8B}\n  - {id: 'ft:gpt-4o:acme'}\n"
                + "  - {id: a+b}\n");

        assertThat(answer(catalog, "GET", "/v1/models/meta-llama/Llama-3-8B").status()).isEqualTo(200);
        assertThat(json(answer(catalog, "GET", "/v1/models/ft%3Agpt-4o%3Aacme")).get("id").asText())
                .isEqualTo("ft:gpt-4o:acme");
        assertThat(answer(catalog, "GET", "/v1/models/a+b").status()).as("a plus is not a space").isEqualTo(200);
    }

    private static String overlay(String model, String cluster, String admission) {
        return "{\"network\":\"net\",\"local_site\":\"hub\",\"candidates\":[" + overlayCandidate(model, cluster,
                admission);
    }

    private static String overlayCandidate(String model, String cluster, String admission) {
        return "{\"kind\":\"inference_model\",\"name\":\"" + model + "\",\"site\":\"hub\",\"cluster\":\"" + cluster
                + "\",\"admission_state\":\"" + admission + "\"}";
    }

    private static void write(Path file, String candidatesOpen) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, candidatesOpen + "]}");
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}

package io.jpraxis.filters.grpc.status;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.ErrorRenderer;
import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.LocalResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

class GrpcStatusFilterTest {

    private static RequestContext armed(String yaml, String contentType) {
        HttpFilter filter = build(new GrpcStatusFactory(), yaml).accepted();
        RequestContext ctx = requestAs("POST", "http", "/svc/M", "content-type", contentType);
        filter.onRequest(ctx);
        return ctx;
    }

    private static LocalResponse render(RequestContext ctx, int status, String reason) {
        ErrorRenderer renderer = ctx.extensions().get(ErrorRenderer.KEY).orElseThrow();
        return renderer.render(ctx, status, reason).orElseThrow();
    }

    @Test
    void mapsHttpStatusesToGrpcCodes() {
        RequestContext ctx = armed("{}\n", "application/grpc");
        Map<Integer, String> codes = Map.of(400, "13", 401, "16", 403, "7", 404, "12", 429, "14", 502, "14",
                503, "14", 504, "14", 500, "2", 413, "2");
        codes.forEach((http, grpc) -> {
            LocalResponse r = render(ctx, http, "why");
            assertThat(r.status()).as(http + " goes as HTTP 200").isEqualTo(200);
            assertThat(r.headers().get("grpc-status")).as(http + " maps to " + grpc).isEqualTo(grpc);
            assertThat(r.headers().get("content-length")).isEqualTo("0");
        });
    }

    @Test
    void theMessageIsPercentEncodedAndOptional() {
        RequestContext ctx = armed("{}\n", "application/grpc");
        assertThat(render(ctx, 403, "denied: 100% é").headers().get("grpc-message"))
                .isEqualTo("denied: 100%25 %C3%A9");
        RequestContext quiet = armed("include_message: false\n", "application/grpc");
        assertThat(render(quiet, 403, "denied").headers().contains("grpc-message")).isFalse();
    }

    @Test
    void theMessageIsCappedAtOneKibibyte() {
        RequestContext ctx = armed("{}\n", "application/grpc");
        String message = render(ctx, 500, "é".repeat(1000)).headers().get("grpc-message");
        assertThat(message.length()).isLessThanOrEqualTo(1024);
        assertThat(message).as("cut between characters, never inside one").endsWith("%C3%A9").hasSize(1020);
    }

    @Test
    void echoesTheRequestCodecOrSaysPlainGrpc() {
        assertThat(render(armed("{}\n", "application/grpc+json; x=1"), 404, "no route").headers().get("content-type"))
                .isEqualTo("application/grpc+json");
        assertThat(render(armed("content_type: grpc\n", "application/grpc+json"), 404, "no").headers()
                .get("content-type")).isEqualTo("application/grpc");
    }

    @Test
    void armsOnlyGrpcRequestsUnlessAlways() {
        assertThat(armed("{}\n", "application/json").extensions().get(ErrorRenderer.KEY))
                .as("detect: content_type").isEmpty();
        RequestContext always = armed("detect: always\n", "application/json");
        assertThat(render(always, 401, "who").headers().get("content-type"))
                .as("a request that is not gRPC gets the plain gRPC type").isEqualTo("application/grpc");
    }

    @Test
    void refusesUnknownKeysAndValues() {
        assertThat(build(new GrpcStatusFactory(), "detect: sometimes\n").refused()).singleElement().asString()
                .contains("filter_chains[0].filters[0].detect: \"sometimes\" (expected: content_type | always)");
        assertThat(build(new GrpcStatusFactory(), "mapping: {}\n").refused()).singleElement().asString()
                .contains("mapping: unknown key");
    }
}

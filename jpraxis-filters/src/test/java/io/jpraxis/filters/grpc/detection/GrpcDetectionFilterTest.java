package io.jpraxis.filters.grpc.detection;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static io.jpraxis.filters.testing.FilterFixtures.requestAs;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.context.RequestContext;
import io.jpraxis.core.filter.HttpFilter;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GrpcDetectionFilterTest {
    private final HttpFilter filter = build(new GrpcDetectionFactory(), "{}\n").accepted();

    private RequestContext run(String contentType) {
        RequestContext ctx = contentType == null ? requestAs("POST", "http", "/svc/M")
                : requestAs("POST", "http", "/svc/M", "content-type", contentType);
        filter.onRequest(ctx);
        return ctx;
    }

    @Test
    void publishesTheKindAsResultAndMetadata() {
        RequestContext ctx = run("application/grpc+json");
        assertThat(ctx.results().get("grpc_detection", "kind")).as("the result on_result branches read")
                .contains("grpc+json");
        assertThat(ctx.metadata().get("grpc.kind")).isEqualTo("grpc+json");
        assertThat(run("application/grpc").results().get("grpc_detection", "kind")).contains("grpc");
        assertThat(run("application/grpc+avro").results().get("grpc_detection", "kind")).contains("grpc+other");
    }

    @Test
    void writesNothingForGrpcWebOrOtherTraffic() {
        for (String type : new String[] {"application/grpc-web", "application/json", null}) {
            RequestContext ctx = run(type);
            assertThat(ctx.results().get("grpc_detection", "kind")).as(String.valueOf(type)).isEqualTo(Optional.empty());
            assertThat(ctx.metadata().get("grpc.kind")).as(String.valueOf(type)).isNull();
        }
    }

    @Test
    void hasNoKeys() {
        assertThat(build(new GrpcDetectionFactory(), "kind: grpc\n").refused()).singleElement().asString()
                .contains("filter_chains[0].filters[0].kind: unknown key");
    }
}

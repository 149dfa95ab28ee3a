package io.jpraxis.filters.grpc.web;

import static io.jpraxis.filters.testing.FilterFixtures.build;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.filters.grpc.web.GrpcWebConfig.OnMissingTrailers;
import org.junit.jupiter.api.Test;

class GrpcWebFactoryTest {
    private static final String AT = "filter_chains[0].filters[0].";

    @Test
    void defaultsTranslateBothEncodings() {
        GrpcWebFilter filter = (GrpcWebFilter) build(new GrpcWebFactory(), "{}\n").accepted();
        assertThat(filter.config()).isEqualTo(new GrpcWebConfig(GrpcWebConfig.Encodings.BOTH, 10_485_760, OnMissingTrailers.SYNTHESIZE));
    }

    @Test
    void refusesBothEncodingsOff() {
        assertThat(build(new GrpcWebFactory(), "encodings: {binary: false, text: false}\n").refused())
                .singleElement().asString().contains(AT + "encodings: ").contains("at least one of binary and text");
    }

    @Test
    void refusesAZeroBufferAndUnknownKeys() {
        assertThat(build(new GrpcWebFactory(), "max_buffer_bytes: 0\n").refused()).singleElement().asString()
                .contains(AT + "max_buffer_bytes: 0");
        assertThat(build(new GrpcWebFactory(), "encodings: {base64: true}\n").refused()).singleElement().asString()
                .contains(AT + "encodings.base64: unknown key");
    }

    @Test
    void declaresAWholeRequestBodyOnlyForText() {
        FilterDeclaration text = build(new GrpcWebFactory(), "max_buffer_bytes: 1024\n").declared();
        assertThat(text.requestBody().mode()).isEqualTo(BodyMode.buffer(1024));
        assertThat(text.requestBody().access()).isEqualTo(BodyAccess.READ_WRITE);
        assertThat(text.responseBody().mode()).as("never the whole response").isEqualTo(BodyMode.STREAM);
        assertThat(text.responseBody().access()).isEqualTo(BodyAccess.READ_WRITE);
    }

    @Test
    void declaresThatItsRequestsNeedAnHttp2Upstream() {
        assertThat(build(new GrpcWebFactory(), "{}\n").declared().traits())
                .as("what the load check grpc_upstream_http2 looks for").contains(FilterTrait.NEEDS_HTTP2_UPSTREAM);
    }
}

package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class GrpcContentTypeTest {

    @Test
    void classifiesEachGrpcKind() {
        Map<String, GrpcContentType> kinds = Map.of(
                "application/grpc", GrpcContentType.GRPC,
                "application/grpc+proto", GrpcContentType.GRPC_PROTO,
                "application/grpc+json", GrpcContentType.GRPC_JSON,
                "application/grpc+thrift", GrpcContentType.GRPC_OTHER,
                "application/grpc+", GrpcContentType.GRPC_OTHER,
                "  Application/GRPC+Proto ; charset=utf-8", GrpcContentType.GRPC_PROTO);
        kinds.forEach((value, kind) ->
                assertThat(GrpcContentType.of(value)).as(value).contains(kind));
    }

    @Test
    void grpcWebAndLookalikesAreNotGrpc() {
        for (String value : new String[] {"application/grpc-web", "application/grpc-web-text+proto",
                "application/grpcx", "application/json", "", "grpc"}) {
            assertThat(GrpcContentType.of(value)).as(value).isEqualTo(Optional.empty());
            assertThat(GrpcContentType.isGrpc(value)).as(value).isFalse();
        }
        assertThat(GrpcContentType.isGrpc(null)).as("no content type").isFalse();
    }

    @Test
    void labelsAreWhatGrpcDetectionPublishes() {
        assertThat(GrpcContentType.GRPC_OTHER.label()).isEqualTo("grpc+other");
        assertThat(GrpcContentType.GRPC.label()).isEqualTo("grpc");
    }
}

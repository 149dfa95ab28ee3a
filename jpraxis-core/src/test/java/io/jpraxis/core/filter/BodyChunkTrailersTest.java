package io.jpraxis.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.HeaderMap;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class BodyChunkTrailersTest {

    @Test
    void everyViewOfTheLastPieceSharesItsTrailers() {
        HeaderMap trailers = new HeaderMap().set("grpc-status", "0");
        BodyChunk last = BodyChunk.of(List.of(ByteBuffer.wrap(new byte[] {1})), true, trailers);
        BodyChunk view = last.view();
        view.trailers().remove("grpc-status");
        view.replace(ByteBuffer.wrap(new byte[] {2}));
        assertThat(trailers.isEmpty()).as("an edit through a view lands in the edge's map").isTrue();
        view.replaced().trailers().set("x", "y");
        assertThat(trailers.get("x")).as("the replacement piece carries the same trailers").isEqualTo("y");
    }

    @Test
    void onlyTheLastPieceHasTrailersThatCount() {
        HeaderMap trailers = new HeaderMap().set("a", "b");
        BodyChunk middle = BodyChunk.of(List.of(ByteBuffer.wrap(new byte[] {1})), false, trailers);
        assertThat(middle.trailers().isEmpty()).as("a middle piece has none").isTrue();
        assertThat(BodyChunk.of(new byte[0], true).trailers().isEmpty()).as("a last piece without any").isTrue();
    }
}

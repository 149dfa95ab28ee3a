package io.jpraxis.http.exchange;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplayBufferTest {

    @Test
    void keptPiecesSurviveTheRelayAndReplayInOrder() {
        ReplayBuffer replay = new ReplayBuffer(10);
        HttpContent first = piece("hello");
        replay.keep(first);
        first.release(); // what the upstream write does
        replay.keep(LastHttpContent.EMPTY_LAST_CONTENT);
        List<HttpContent> copies = replay.duplicates();
        assertThat(copies).hasSize(2);
        assertThat(copies.get(0).content().toString(StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(copies.get(1)).isInstanceOf(LastHttpContent.class);
        copies.forEach(HttpContent::release);
        assertThat(replay.intact()).isTrue();
        replay.discard();
        assertThat(first.refCnt()).as("discard gives the buffer back").isZero();
    }

    @Test
    void goingPastTheLimitReleasesEverythingAndEndsReplay() {
        ReplayBuffer replay = new ReplayBuffer(8);
        HttpContent first = piece("hello");
        replay.keep(first);
        first.release();
        assertThat(first.refCnt()).as("held by the replay copy").isEqualTo(1);
        HttpContent second = piece("world");
        replay.keep(second);
        assertThat(replay.intact()).as("10 bytes relayed, limit 8").isFalse();
        assertThat(first.refCnt()).as("nothing is kept once the body can no longer be replayed").isZero();
        assertThat(second.refCnt()).as("the relayed piece itself is untouched").isEqualTo(1);
        assertThat(replay.duplicates()).isEmpty();
        second.release();
    }

    @Test
    void negativeLimitKeepsNothing() {
        ReplayBuffer replay = new ReplayBuffer(-1);
        HttpContent piece = piece("x");
        replay.keep(piece);
        assertThat(replay.intact()).isFalse();
        assertThat(piece.refCnt()).isEqualTo(1);
        piece.release();
    }

    private static HttpContent piece(String text) {
        ByteBuf buf = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
        return new DefaultHttpContent(buf);
    }
}

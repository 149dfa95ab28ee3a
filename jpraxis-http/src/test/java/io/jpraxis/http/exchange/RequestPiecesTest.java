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

class RequestPiecesTest {

    @Test
    void keptPiecesSurviveTheRelayAndReplayInOrder() {
        RequestPieces replay = new RequestPieces();
        replay.keepForReplay(10);
        HttpContent first = piece("hello");
        replay.keep(first);
        first.release(); // what the upstream write does
        replay.keep(LastHttpContent.EMPTY_LAST_CONTENT);
        List<HttpContent> copies = replay.replayCopies();
        assertThat(copies).hasSize(2);
        assertThat(copies.get(0).content().toString(StandardCharsets.UTF_8)).isEqualTo("hello");
        assertThat(copies.get(1)).isInstanceOf(LastHttpContent.class);
        copies.forEach(HttpContent::release);
        assertThat(replay.replayable()).isTrue();
        replay.dropReplay();
        assertThat(first.refCnt()).as("discard gives the buffer back").isZero();
    }

    @Test
    void goingPastTheLimitReleasesEverythingAndEndsReplay() {
        RequestPieces replay = new RequestPieces();
        replay.keepForReplay(8);
        HttpContent first = piece("hello");
        replay.keep(first);
        first.release();
        assertThat(first.refCnt()).as("held by the replay copy").isEqualTo(1);
        HttpContent second = piece("world");
        replay.keep(second);
        assertThat(replay.replayable()).as("10 bytes relayed, limit 8").isFalse();
        assertThat(first.refCnt()).as("nothing is kept once the body can no longer be replayed").isZero();
        assertThat(second.refCnt()).as("the relayed piece itself is untouched").isEqualTo(1);
        assertThat(replay.replayCopies()).isEmpty();
        second.release();
    }

    @Test
    void negativeLimitKeepsNothing() {
        RequestPieces replay = new RequestPieces();
        replay.keepForReplay(-1);
        HttpContent piece = piece("x");
        replay.keep(piece);
        assertThat(replay.replayable()).isFalse();
        assertThat(piece.refCnt()).isEqualTo(1);
        piece.release();
    }

    @Test
    void releaseFreesWaitingWholeAndKeptPiecesOnce() {
        RequestPieces pieces = new RequestPieces();
        pieces.keepForReplay(100);
        HttpContent sent = piece("sent");
        pieces.keep(sent);
        sent.release();
        HttpContent waiting = piece("waiting");
        pieces.add(waiting);
        pieces.startWhole();
        HttpContent reading = piece("reading");
        pieces.addToWhole(reading);
        assertThat(pieces.wholeBytes()).isEqualTo(7);
        pieces.release();
        pieces.release();
        assertThat(sent.refCnt()).as("the replay copy is given back").isZero();
        assertThat(waiting.refCnt()).as("the waiting piece is given back").isZero();
        assertThat(reading.refCnt()).as("the body read whole is given back").isZero();
        assertThat(pieces.poll()).isNull();
        assertThat(pieces.readingWhole()).isFalse();
        assertThat(pieces.replayable()).isFalse();
    }

    private static HttpContent piece(String text) {
        ByteBuf buf = Unpooled.copiedBuffer(text, StandardCharsets.UTF_8);
        return new DefaultHttpContent(buf);
    }
}

package io.jpraxis.http.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.HedgePolicyConfig;
import io.jpraxis.core.upstream.ClusterState;
import io.jpraxis.http.testing.NettyLeakCheck;
import io.jpraxis.http.testing.TestCluster;
import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.http.testing.Waits;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Faults during a hedge race, judged for leaks: the buffered request body each attempt shares,
 * the winner's buffered answer, and the losers' streams are all freed however the race ends.
 */
@Timeout(20)
@ExtendWith(NettyLeakCheck.class)
class HedgeFaultTest {
    private static final HedgePolicyConfig FAN_OUT = new HedgePolicyConfig(2, 2, null, 100);
    private static final String PUT = "PUT /up HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello";

    @Test
    void aWinnerCutMidBodyIs502AndFreesWhatWasBuffered() throws IOException {
        try (TestOrigin cut = TestOrigin.builder("cut").failing(TestOrigin.Failure.CLOSE_MID_BODY).start();
                TestOrigin hanging = TestOrigin.builder("hanging").failing(TestOrigin.Failure.HANG).start()) {
            ClusterState state = TestCluster.named("c").endpoint(cut).endpoint(hanging).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                RawResponse response = client.send(PUT).readResponse();
                assertThat(response.status()).as("the answer is buffered: nothing went out before the cut")
                        .isEqualTo(502);
                assertThat(Waits.until(() -> hanging.openConnections() == 0)).as("the loser was cancelled").isTrue();
                assertThat(Waits.until(() -> state.inFlight() == 0)).isTrue();
            }
        }
    }

    @Test
    void theLosersAnswerIsDroppedWithItsConnection() throws IOException {
        try (TestOrigin a = TestOrigin.start("a"); TestOrigin b = TestOrigin.start("b")) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state); RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                for (int i = 0; i < 5; i++) {
                    assertThat(client.send(PUT).readResponse().echo().bodyBytes()).isEqualTo(5);
                }
                assertThat(Waits.until(() -> state.inFlight() == 0)).isTrue();
            }
        }
    }

    @Test
    void aClientLeavingMidRaceFreesTheBody() throws IOException {
        try (TestOrigin a = TestOrigin.builder("a").failing(TestOrigin.Failure.HANG).start();
                TestOrigin b = TestOrigin.builder("b").failing(TestOrigin.Failure.HANG).start()) {
            ClusterState state = TestCluster.named("c").endpoint(a).endpoint(b).state();
            try (TestGateway gw = gateway(state)) {
                try (RawHttpConnection client = RawHttpConnection.open(gw.port())) {
                    client.send(PUT);
                    assertThat(Waits.until(() -> a.requestCount() == 1 && b.requestCount() == 1)).isTrue();
                }
                assertThat(Waits.until(() -> a.openConnections() == 0 && b.openConnections() == 0)).isTrue();
            }
        }
    }

    private static TestGateway gateway(ClusterState state) {
        return TestGateway.builder().filter(TestFilters.hedged(state, FAN_OUT)).start();
    }
}

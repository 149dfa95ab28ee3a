package io.jpraxis.http.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.jpraxis.http.testing.TestFilters;
import io.jpraxis.http.testing.TestGateway;
import io.jpraxis.testkit.H2Response;
import io.jpraxis.testkit.H2cClient;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestData;
import io.jpraxis.testkit.TestOrigin;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.uring.IoUring;
import java.io.OutputStream;
import java.security.MessageDigest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Which transport the edge runs on, and that every one of them proxies: the suite's other tests
 * run on whichever {@code auto} picks, so the others are exercised here end to end.
 */
@Timeout(30)
class TransportTest {
    private TestOrigin origin;
    private TestGateway gateway;

    @AfterEach
    void stop() {
        if (gateway != null) {
            gateway.close();
        }
        if (origin != null) {
            origin.close();
        }
    }

    @Test
    void autoPicksTheFirstThatLoadsOfIoUringEpollNio() {
        Transport picked = Transport.select("auto"); // first: it settles io_uring's options before they load
        String expected = IoUring.isAvailable() ? "io_uring" : Epoll.isAvailable() ? "epoll" : "nio";

        assertThat(picked.name()).isEqualTo(expected);
        assertThat(Transport.select(" AUTO ").name()).as("case and spaces do not matter").isEqualTo(expected);
    }

    @Test
    void ioUringRunsWithOneShotPolls() {
        Transport.select("auto");
        assumeTrue(IoUring.isAvailable(), "io_uring does not load here");

        // A multishot poll can miss a reset that comes while no read is asked for (see Transport).
        assertThat(IoUring.isPollAddMultishotEnabled()).isFalse();
    }

    @Test
    void aPinnedTransportIsTheOneUsed() {
        assertThat(Transport.select("nio").name()).isEqualTo("nio");
        if (Epoll.isAvailable()) {
            assertThat(Transport.select("epoll").name()).isEqualTo("epoll");
        }
        if (IoUring.isAvailable()) {
            assertThat(Transport.select("io_uring").name()).isEqualTo("io_uring");
        }
    }

    @Test
    void aPinnedTransportThatDoesNotLoadIsRefusedWithItsReason() {
        // Both native transports load on the machines this runs on, so the refusal is driven directly.
        UnsatisfiedLinkError cause = new UnsatisfiedLinkError("io_uring_setup failed: Operation not permitted");

        assertThatThrownBy(() -> Transport.requireLoaded("io_uring", false, cause))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("jpraxis.transport=io_uring was asked for but does not load here: "
                        + "io_uring_setup failed: Operation not permitted")
                .hasCause(cause);
        assertThatCode(() -> Transport.requireLoaded("epoll", true, null)).doesNotThrowAnyException();
    }

    @Test
    void anUnknownTransportIsRefusedNamingThePropertyAndTheChoices() {
        assertThatThrownBy(() -> Transport.select("kqueue"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("jpraxis.transport: unknown transport 'kqueue'; expected one of auto, io_uring, epoll, nio");
    }

    @ParameterizedTest
    @ValueSource(strings = {"io_uring", "epoll", "nio"})
    void everyTransportProxiesKeepAliveRequestsBodiesAndHttp2(String name) throws Exception {
        assumeTrue(loads(name), name + " does not load on this machine");
        origin = TestOrigin.start("origin-t");
        // A host name endpoint: the resolver's datagram channel is the transport's too.
        gateway = TestGateway.builder().transport(Transport.select(name)).allowPrivateUpstreams()
                .filter(TestFilters.forwardTo(TestGateway.cluster("c"), "localhost", origin.port())).start();
        assertThat(gateway.gateway().transport().name()).isEqualTo(name);

        try (RawHttpConnection client = RawHttpConnection.open(gateway.port())) {
            for (int i = 0; i < 3; i++) {
                RawResponse response = client.get("/keep-alive/" + i);
                assertThat(response.status()).isEqualTo(200);
                assertThat(response.echo().uri()).isEqualTo("/keep-alive/" + i);
            }
            int length = 1 << 20;
            client.send("POST /upload HTTP/1.1\r\nHost: test\r\nContent-Length: " + length + "\r\n\r\n");
            OutputStream out = client.output();
            TestData.stream(length).transferTo(out);
            out.flush();
            var echo = client.readResponse().echo();
            assertThat(echo.bodyBytes()).isEqualTo(length);
            assertThat(echo.bodySha256()).as("the body arrives whole and in order").isEqualTo(TestData.sha256(length));

            client.send("GET /download HTTP/1.1\r\nHost: test\r\n" + OriginCommands.DOWNLOAD + ": " + length + "\r\n\r\n");
            RawResponse download = client.readResponse();
            assertThat(download.status()).isEqualTo(200);
            MessageDigest received = TestData.newSha256();
            received.update(download.body());
            assertThat(TestData.hex(received)).isEqualTo(TestData.sha256(length));
        }
        try (H2cClient h2 = H2cClient.connect(gateway.port())) {
            H2Response response = H2cClient.await(h2.get("/h2c"));
            assertThat(response.status()).isEqualTo(200);
            assertThat(response.echo().uri()).isEqualTo("/h2c");
        }
    }

    private static boolean loads(String name) {
        return switch (name) {
            case "io_uring" -> IoUring.isAvailable();
            case "epoll" -> Epoll.isAvailable();
            default -> true;
        };
    }
}

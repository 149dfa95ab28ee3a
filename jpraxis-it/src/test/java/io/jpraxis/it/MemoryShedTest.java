package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code runtime.max_memory_bytes} (see docs/behaviour/http-edge.md#overload-shedding): with the
 * process's resident memory over the limit, new requests get 503 with {@code Retry-After: 1} and
 * never reach a filter or the origin; under a limit it stays under, requests pass.
 */
@Timeout(30)
class MemoryShedTest {

    @Test
    void overTheLimitEveryNewRequestIsShedAndCountedUnderItTheyPass() throws Exception {
        try (TestOrigin origin = TestOrigin.start("origin")) {
            // Any JVM holds far more than 1 MiB resident: the smallest limit Praxis accepts sheds everything.
            String shedding = TestConfigs.proxyTo(origin.address(), "runtime:\n  max_memory_bytes: 1048576\n");
            try (RunningGateway gw = RunningGateway.start(shedding);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                RawResponse r = conn.get("/");
                assertThat(r.status()).isEqualTo(503);
                assertThat(r.header("retry-after")).isEqualTo("1");
                assertThat(conn.closedByPeer()).as("the shed connection closes").isTrue();
                assertThat(origin.requestCount()).as("nothing reached the origin").isZero();
                assertThat(gw.meters().get("jpraxis.overload.rejects").tag("reason", "memory").counter().count())
                        .isEqualTo(1.0);
            }
            String roomy = TestConfigs.proxyTo(origin.address(), "runtime:\n  max_memory_bytes: 1099511627776\n");
            try (RunningGateway gw = RunningGateway.start(roomy);
                    RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
                assertThat(conn.get("/").status()).as("1 TiB is not reached").isEqualTo(200);
                assertThat(gw.meters().get("jpraxis.overload.rejects").tag("reason", "memory").counter().count())
                        .isZero();
            }
        }
    }
}

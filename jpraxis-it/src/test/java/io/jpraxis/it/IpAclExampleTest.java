package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.EchoResponse;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.RawResponse;
import io.jpraxis.testkit.TestOrigin;
import java.net.InetAddress;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * examples/ip-acl.yaml end to end: clients on two loopback addresses (Linux routes all of
 * 127.0.0.0/8 to lo), one inside the allow list and one outside it.
 */
class IpAclExampleTest {
    static final String EXAMPLE = "ip-acl.yaml";

    @Test
    void onlyListedAddressesReachTheOrigin() throws Exception {
        try (TestOrigin app = TestOrigin.start("app");
                RunningGateway gw = RunningGateway.start(Examples.adapted(EXAMPLE, Map.of("127.0.0.1:3001", app.address())));
                RawHttpConnection listed = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.1"), gw.port());
                RawHttpConnection other = RawHttpConnection.openFrom(InetAddress.getByName("127.0.0.2"), gw.port())) {
            RawResponse admin = listed.get("/admin/users");
            assertThat(admin.status()).as("127.0.0.1 is on the allow list").isEqualTo(200);
            assertThat(EchoResponse.parse(admin.body()).path()).isEqualTo("/admin/users");

            RawResponse refused = other.get("/admin/users");
            assertThat(refused.status()).as("127.0.0.2 is not").isEqualTo(403);
            assertThat(refused.header("content-type")).isEqualTo("application/problem+json");
            assertThat(app.requestCount()).as("the refused request never reached the origin").isEqualTo(1);

            RawResponse again = other.get("/shop");
            assertThat(again.status()).as("every path is guarded").isEqualTo(403);
            assertThat(app.requestCount()).isEqualTo(1);
        }
    }
}

package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import io.jpraxis.testkit.TestTls;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code runtime.upstream_ca_file} (see docs/behaviour/config-loading.md#runtime-settings): the
 * trust of TLS clusters without their own {@code ca.ca_path}, in place of the JVM's store.
 */
@Timeout(30)
class UpstreamCaFileTest {
    private static String config(TestOrigin origin, String runtime) {
        return TestConfigs.pipeline("""
                - filter: router
                  routes:
                    - path_prefix: "/"
                      cluster: secure
                - filter: load_balancer
                  clusters:
                    - name: secure
                      endpoints: ["%s"]
                      tls:
                        sni: localhost
                """.formatted(origin.address()), runtime);
    }

    private static int get(RunningGateway gw) throws Exception {
        try (RawHttpConnection conn = RawHttpConnection.open(gw.port())) {
            return conn.get("/").status();
        }
    }

    @Test
    void theRuntimeCaVerifiesAClusterWithoutItsOwnCaAndReplacesTheJvmStore() throws Exception {
        try (TestOrigin secure = TestOrigin.builder("secure").tls().start()) {
            try (RunningGateway gw = RunningGateway.start(config(secure, "")) ) {
                assertThat(get(gw)).as("the JVM's store does not know the test CA").isEqualTo(502);
            }
            String trusted = "runtime:\n  upstream_ca_file: \"" + TestTls.file(TestTls.CA) + "\"\n";
            try (RunningGateway gw = RunningGateway.start(config(secure, trusted))) {
                assertThat(get(gw)).as("verified against runtime.upstream_ca_file").isEqualTo(200);
            }
            String other = "runtime:\n  upstream_ca_file: \"" + TestTls.file(TestTls.OTHER_CA) + "\"\n";
            try (RunningGateway gw = RunningGateway.start(config(secure, other))) {
                assertThat(get(gw)).as("a CA that signed nothing here: refused").isEqualTo(502);
            }
        }
    }
}

package io.jpraxis.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.feature.FeatureSet;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.compile.CompileResult;
import io.jpraxis.core.runtime.RuntimeServices;
import io.jpraxis.filters.BuiltInFilters;
import io.jpraxis.http.admin.AdminSurface;
import io.jpraxis.server.boot.GatewayBuilder;
import io.jpraxis.server.boot.ServingGateway;
import io.jpraxis.testkit.OriginCommands;
import io.jpraxis.testkit.RawHttpConnection;
import io.jpraxis.testkit.TestOrigin;
import java.net.URI;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The request meters as a Grafana user queries them (see docs/behaviour/metrics.md#latency-histograms):
 * request duration, upstream duration and upstream time to first byte as histograms with fixed
 * buckets, so {@code histogram_quantile} works on them.
 */
@Timeout(30)
class LatencyHistogramsTest {
    private static final String SERIES = "cluster=\"only\",listener=\"it\",route=\"/\",status=\"200\"";

    @Test
    void aSlowOriginLandsInTheBucketsOfItsDelayInAllThreeHistograms() throws Exception {
        try (TestOrigin origin = TestOrigin.start("o")) {
            RuntimeServices services = RuntimeServices.system();
            FilterRegistry registry = FilterRegistry.withBuiltIns(BuiltInFilters.all());
            CompileResult result = new GatewayBuilder(FeatureSet.NONE, services, registry).build(
                    TestConfigs.proxyTo(origin.address(), "admin:\n  address: \"127.0.0.1:0\"\n"));
            assertThat(result.diagnostics().errors()).isEmpty();
            ServingGateway gw = ServingGateway.start(result.gateway(), null, services, registry);
            try {
                try (RawHttpConnection conn = RawHttpConnection.open(gw.http().port("it"))) {
                    assertThat(conn.send("GET /slow HTTP/1.1\r\nHost: t\r\n" + OriginCommands.DELAY_MS
                            + ": 1200\r\n\r\n").readResponse().status()).isEqualTo(200);
                }
                String metrics = io.jpraxis.it.Http.get(URI.create("http://127.0.0.1:"
                        + gw.adminPort(AdminSurface.ADMIN).orElseThrow() + "/metrics")).body();
                for (String histogram : new String[] {"jpraxis_request_duration_seconds",
                    "jpraxis_upstream_duration_seconds", "jpraxis_upstream_time_to_first_byte_seconds"}) {
                    assertThat(bucket(metrics, histogram, "1.0")).as("%s: 1.2 s is over a second", histogram)
                            .isZero();
                    assertThat(bucket(metrics, histogram, "2.5")).as("%s: and under 2.5 s", histogram)
                            .isEqualTo(1);
                    assertThat(bucket(metrics, histogram, "+Inf")).isEqualTo(1);
                }
            } finally {
                gw.shutdown(Duration.ofSeconds(2));
            }
        }
    }

    private static double bucket(String metrics, String histogram, String le) {
        Matcher m = Pattern.compile("(?m)^" + histogram + "_bucket\\{" + Pattern.quote(SERIES) + ",le=\""
                + Pattern.quote(le) + "\"} ([0-9.E+-]+)$").matcher(metrics);
        assertThat(m.find()).as("bucket le=%s of %s in:%n%s", le, histogram, metrics).isTrue();
        return Double.parseDouble(m.group(1));
    }
}

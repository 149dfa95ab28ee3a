package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jwt.SignedJWT;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the edge-pipeline and compression workloads send and serve (issue 26). */
class EdgeWorkloadsContentTest {

    @Test
    void catalogJsonIsExactly64KibOfVariedJsonThatCompressesLikeRealData() throws Exception {
        String json = CatalogJson.of(OriginContent.JSON_BYTES);
        assertThat(json.getBytes(StandardCharsets.US_ASCII)).as("exactly 64 KiB").hasSize(64 * 1024);
        JsonNode doc = new ObjectMapper().readTree(json);
        assertThat(doc.path("items").size()).as("a page of records").isGreaterThan(200)
                .isEqualTo(doc.path("page_size").asInt());
        assertThat(doc.path("items").get(0).path("sku").asText())
                .as("records differ").isNotEqualTo(doc.path("items").get(1).path("sku").asText());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(out)) {
            gzip.write(json.getBytes(StandardCharsets.US_ASCII));
        }
        double ratio = (double) json.length() / out.size();
        assertThat(ratio).as("compresses as API JSON does (3-12x), not as one repeated byte").isBetween(3.0, 12.0);
        assertThat(CatalogJson.of(OriginContent.JSON_BYTES)).as("the same bytes every run").isEqualTo(json);
    }

    @Test
    void edgeCredentialsSignATokenForTheIssuerAndAudienceTheyPublish(@TempDir Path dir) throws Exception {
        EdgeCredentials c = EdgeCredentials.generate().write(dir);
        EdgeCredentials read = EdgeCredentials.read(dir);
        assertThat(read).isEqualTo(c);
        SignedJWT jwt = SignedJWT.parse(c.token());
        assertThat(jwt.getHeader().getAlgorithm().getName()).isEqualTo("RS256");
        assertThat(jwt.getJWTClaimsSet().getIssuer()).isEqualTo(EdgeCredentials.ISSUER);
        assertThat(jwt.getJWTClaimsSet().getAudience()).containsExactly(EdgeCredentials.AUDIENCE);
        assertThat(c.jwks()).as("only the public half is published").contains("\"n\"").doesNotContain("\"d\"");
    }

    @Test
    void getScriptSendsEveryHeaderAndRefusesOneThatWouldBreakTheLua() {
        String lua = WrkScript.renderGet(EdgePipeline.clientHeaders("abc.def.ghi"));
        assertThat(lua).contains("wrk.headers[\"Authorization\"] = \"Bearer abc.def.ghi\"",
                "wrk.headers[\"Origin\"] = \"" + EdgePipeline.ALLOWED_ORIGIN + "\"",
                "wrk.headers[\"X-Forwarded-For\"] = \"" + EdgePipeline.FORWARDED_CLIENT + "\"",
                WrkScript.RESULT_MARKER);
        assertThatThrownBy(() -> WrkScript.renderGet(Map.of("X", "a\"b"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void bothNewWorkloadsAreInTheLoadSuiteAndSelectableByName() {
        assertThat(SuiteOptions.parse("--workloads", "edge-pipeline").workloads()).extracting(Workload::name)
                .containsExactly("edge-pipeline");
        SuiteOptions o = SuiteOptions.parse("--workloads", "compression", "--quick");
        assertThat(o.neededTargets()).containsExactlyInAnyOrder(TargetKind.ORIGIN, TargetKind.NGINX_GZIP,
                TargetKind.HAPROXY_GZIP, TargetKind.JPRAXIS_GZIP);
        assertThat(Workloads.byName("edge-pipeline").orElseThrow().targets())
                .containsExactly(TargetKind.JPRAXIS, TargetKind.JPRAXIS_EDGE);
    }
}

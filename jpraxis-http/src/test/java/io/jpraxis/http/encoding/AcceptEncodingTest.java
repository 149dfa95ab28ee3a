package io.jpraxis.http.encoding;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Negotiation by RFC 9110 12.5.3 q-values. */
class AcceptEncodingTest {
    private static final Set<Coding> ALL = EnumSet.allOf(Coding.class);

    private static Optional<Coding> choose(String field) {
        return AcceptEncoding.choose(field, ALL);
    }

    @Test
    void noFieldOrIdentityOnlyMeansNoCoding() {
        assertThat(choose(null)).isEmpty();
        assertThat(choose("")).isEmpty();
        assertThat(choose("identity")).isEmpty();
        assertThat(choose("compress, deflate")).isEmpty();
    }

    @Test
    void theHighestQWins() {
        assertThat(choose("gzip;q=0.9, br;q=0.5, zstd;q=0.1")).contains(Coding.GZIP);
        assertThat(choose("gzip;q=0.5, br")).contains(Coding.BROTLI);
        assertThat(choose("GZIP;Q=1.0")).contains(Coding.GZIP);
    }

    @Test
    void tiesFollowThePreferenceOrderZstdBrotliGzip() {
        assertThat(choose("gzip, br, zstd")).contains(Coding.ZSTD);
        assertThat(choose("gzip, br")).contains(Coding.BROTLI);
        assertThat(choose("gzip;q=0.8, br;q=0.8")).contains(Coding.BROTLI);
    }

    @Test
    void qZeroRefusesAndStarCoversTheRest() {
        assertThat(choose("gzip;q=0")).isEmpty();
        assertThat(choose("*;q=0")).isEmpty();
        assertThat(choose("*")).contains(Coding.ZSTD);
        assertThat(choose("*, zstd;q=0")).contains(Coding.BROTLI);
        assertThat(choose("*;q=0, gzip")).contains(Coding.GZIP);
        assertThat(choose("zstd;q=0, br;q=0.000, gzip;q=0.001")).contains(Coding.GZIP);
    }

    @Test
    void onlyEnabledCodingsAreChosen() {
        assertThat(AcceptEncoding.choose("zstd, br, gzip;q=0.1", EnumSet.of(Coding.GZIP))).contains(Coding.GZIP);
        assertThat(AcceptEncoding.choose("zstd", EnumSet.of(Coding.GZIP))).isEmpty();
        assertThat(AcceptEncoding.choose("gzip", EnumSet.noneOf(Coding.class))).isEmpty();
    }

    @Test
    void malformedQValuesRefuseTheirElement() {
        assertThat(choose("gzip;q=2")).isEmpty();
        assertThat(choose("gzip;q=0.5555")).isEmpty();
        assertThat(choose("gzip;q=abc")).isEmpty();
        assertThat(choose("gzip;q=1.001")).isEmpty();
        assertThat(AcceptEncoding.qValue("0.25")).isEqualTo(250);
        assertThat(AcceptEncoding.qValue("1.000")).isEqualTo(1000);
        assertThat(AcceptEncoding.qValue("1")).isEqualTo(1000);
    }

    @Test
    void levelsAreClampedPerCoding() {
        assertThat(Coding.GZIP.clamp(22)).isEqualTo(9);
        assertThat(Coding.BROTLI.clamp(22)).isEqualTo(11);
        assertThat(Coding.ZSTD.clamp(22)).isEqualTo(22);
        assertThat(Coding.GZIP.clamp(6)).isEqualTo(6);
    }
}

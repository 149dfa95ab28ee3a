package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.jpraxis.testkit.TestPki;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CertificateSelectionTest {
    @TempDir
    static Path dir;
    static SslContext a;
    static SslContext b;
    static SslContext c;

    @BeforeAll
    static void contexts() throws Exception {
        TestPki.Authority ca = TestPki.create(dir).rootCa("ca", TestPki.KeyType.EC);
        a = context(ca.server("a").dns("a.test").issue());
        b = context(ca.server("b").dns("b.test").issue());
        c = context(ca.server("c").dns("c.test").issue());
    }

    private static SslContext context(TestPki.Issued issued) throws Exception {
        return SslContextBuilder.forServer(issued.keyPair().getPrivate(), issued.certificate()).build();
    }

    @Test
    void exactThenOneLabelWildcardThenDefault() {
        CertificateSelection s =
                new CertificateSelection(null, Map.of("a.example.com", a), Map.of("example.com", b), c, List.of());

        assertThat(s.map("a.example.com")).isSameAs(a);
        assertThat(s.map("A.EXAMPLE.com")).isSameAs(a);
        assertThat(s.map("z.example.com")).isSameAs(b);
        assertThat(s.map("y.z.example.com")).isSameAs(c);
        assertThat(s.map("example.com")).isSameAs(c);
        assertThat(s.map(".example.com")).as("an empty first label is no wildcard match").isSameAs(c);
        assertThat(s.map(null)).isSameAs(c);
    }

    @Test
    void noDefaultFailsUnmatchedAndAbsentNames() {
        CertificateSelection s = new CertificateSelection(null, Map.of("a.example.com", a), Map.of(), null, List.of());

        assertThatThrownBy(() -> s.map("b.example.com")).isInstanceOf(CertificateSelection.NoCertificateException.class)
                .hasMessageContaining("b.example.com");
        assertThatThrownBy(() -> s.map(null)).isInstanceOf(CertificateSelection.NoCertificateException.class)
                .hasMessageContaining("no SNI");
    }

    @Test
    void aSingleCertificateAnswersEveryName() {
        CertificateSelection s = new CertificateSelection(a, Map.of(), Map.of(), null, List.of());

        assertThat(s.map("anything.org")).isSameAs(a);
        assertThat(s.map(null)).isSameAs(a);
    }
}

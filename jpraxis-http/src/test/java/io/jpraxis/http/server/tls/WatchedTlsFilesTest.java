package io.jpraxis.http.server.tls;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCa;
import io.jpraxis.config.model.SourceRef;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WatchedTlsFilesTest {
    @TempDir
    Path dir;

    static ListenerTlsConfig tls(List<Certificate> certificates, ClientCa ca, Boolean hotReload) {
        return new ListenerTlsConfig(certificates, ListenerTlsConfig.TlsVersion.TLS12, List.of(), ca,
                ca == null ? ListenerTlsConfig.ClientCertMode.NONE : ListenerTlsConfig.ClientCertMode.REQUIRE,
                List.of(), hotReload, SourceRef.synthetic("tls"));
    }

    private Certificate certificate(String name) {
        return new Certificate(dir.resolve(name + ".pem").toString(), dir.resolve("keys/" + name + ".key").toString(),
                List.of(), false);
    }

    @Test
    void oneCertificateIsWatchedByDefaultWithTheDirectoriesOfItsFiles() {
        var files = WatchedTlsFiles.of(tls(List.of(certificate("a")), null, null)).orElseThrow();

        assertThat(files.certificate()).isEqualTo(dir.resolve("a.pem"));
        assertThat(files.directories()).as("the key's directory too, each once")
                .containsExactly(dir, dir.resolve("keys"));
    }

    @Test
    void clientCaAndCrlDirectoriesAreWatched() {
        Path cas = dir.resolve("cas");
        var ca = new ClientCa(cas.resolve("ca.pem").toString(),
                List.of(cas.resolve("one.crl").toString(), dir.resolve("crls/two.crl").toString()));

        var files = WatchedTlsFiles.of(tls(List.of(certificate("a")), ca, null)).orElseThrow();

        assertThat(files.files()).hasSize(5);
        assertThat(files.directories()).containsExactly(dir, dir.resolve("keys"), cas, dir.resolve("crls"));
    }

    @Test
    void hotReloadFalseAndSeveralCertificatesAreNotWatched() {
        assertThat(WatchedTlsFiles.of(tls(List.of(certificate("a")), null, false))).as("hot_reload: false").isEmpty();
        assertThat(WatchedTlsFiles.of(tls(List.of(certificate("a"), certificate("b")), null, null)))
                .as("several certificates need a restart").isEmpty();
        assertThat(WatchedTlsFiles.of(tls(List.of(certificate("a"), certificate("b")), null, true)))
                .as("even when hot_reload asks for it: the SNI choice is fixed at start").isEmpty();
    }

    @Test
    void aLinkedPathIsWatchedWhereTheLinkLives() throws IOException {
        Path data = Files.createDirectories(dir.resolve("..2026_01_01"));
        Files.writeString(data.resolve("tls.crt"), "one");
        Files.createSymbolicLink(dir.resolve("..data"), Path.of("..2026_01_01"));
        Files.createSymbolicLink(dir.resolve("tls.crt"), Path.of("..data/tls.crt"));
        String link = dir.resolve("tls.crt").toString();
        var cert = new Certificate(link, link, List.of(), false);

        var files = WatchedTlsFiles.of(tls(List.of(cert), null, null)).orElseThrow();

        assertThat(files.directories()).as("not the timestamped folder the link points into").containsExactly(dir);
    }

    @Test
    void theFingerprintFollowsContentAndIgnoresOtherFiles() throws IOException {
        Files.createDirectories(dir.resolve("keys"));
        Files.writeString(dir.resolve("a.pem"), "cert one");
        Files.writeString(dir.resolve("keys/a.key"), "key one");
        var files = WatchedTlsFiles.of(tls(List.of(certificate("a")), null, null)).orElseThrow();
        var first = files.fingerprint();

        Files.writeString(dir.resolve("unrelated.txt"), "noise");
        assertThat(files.fingerprint()).as("another file in the directory").isEqualTo(first);

        Files.writeString(dir.resolve("keys/a.key"), "key two");
        assertThat(files.fingerprint()).isPresent().isNotEqualTo(first);

        Files.delete(dir.resolve("a.pem"));
        assertThat(files.fingerprint()).as("a missing file").isEmpty();
    }
}

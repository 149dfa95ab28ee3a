package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslProvider;

/**
 * The TLS implementation a listener's handshakes run on (see
 * docs/behaviour/tls-connections.md#the-tls-engine): BoringSSL through netty-tcnative where the
 * native library loads, else the JDK's. BoringSSL cannot restrict or order TLS 1.3 suites (it
 * always offers its fixed three), so a listener whose {@code cipher_suites} names a TLS 1.3 suite
 * runs on the JDK engine, which honours the list exactly. The system property
 * {@code jpraxis.tls.engine=jdk} puts every listener on the JDK engine (to rule the native library
 * out when diagnosing a handshake problem).
 */
public enum TlsEngine {
    OPENSSL(SslProvider.OPENSSL, "openssl"),
    JDK(SslProvider.JDK, "jdk");

    /** Set to {@code jdk} to keep every listener off the native engine. */
    public static final String ENGINE_PROPERTY = "jpraxis.tls.engine";

    private final SslProvider provider;
    private final String label;

    TlsEngine(SslProvider provider, String label) {
        this.provider = provider;
        this.label = label;
    }

    SslProvider provider() {
        return provider;
    }

    /** The name metrics and logs use: {@code openssl} or {@code jdk}. */
    public String label() {
        return label;
    }

    /** The engine {@code tls} gets, with the reason in {@link Choice#why()}. */
    public static Choice choose(ListenerTlsConfig tls) {
        if ("jdk".equals(System.getProperty(ENGINE_PROPERTY))) {
            return new Choice(JDK, "-D" + ENGINE_PROPERTY + "=jdk");
        }
        if (!OpenSsl.isAvailable()) {
            return new Choice(JDK, "the native BoringSSL library did not load: " + unavailableReason());
        }
        if (tls.cipherSuites().stream().anyMatch(ListenerTlsConfig.CipherSuite::isTls13)) {
            return new Choice(JDK, "cipher_suites lists TLS 1.3 suites, which BoringSSL cannot restrict or order");
        }
        return new Choice(OPENSSL, OpenSsl.versionString());
    }

    private static String unavailableReason() {
        Throwable cause = OpenSsl.unavailabilityCause();
        return cause == null ? "unknown reason" : cause.toString();
    }

    /** An engine and why it was chosen, for the start-up log line. */
    public record Choice(TlsEngine engine, String why) {
    }
}

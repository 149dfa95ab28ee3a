package io.jpraxis.http.server.tls;

import io.jpraxis.config.model.ListenerTlsConfig;
import io.jpraxis.config.model.ListenerTlsConfig.Certificate;
import io.jpraxis.config.model.ListenerTlsConfig.CipherSuite;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCa;
import io.jpraxis.config.model.ListenerTlsConfig.ClientCertMode;
import io.jpraxis.config.model.ListenerTlsConfig.TlsVersion;
import io.jpraxis.config.model.SourceRef;
import io.jpraxis.testkit.TestPki;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.net.Socket;
import java.security.KeyStore;
import java.security.Principal;
import java.security.PrivateKey;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedKeyManager;
import javax.net.ssl.SNIHostName;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/** JDK TLS clients and listener {@code tls} blocks for the listener TLS tests. */
final class TlsClients {
    private static final char[] PASSWORD = "test".toCharArray();

    private TlsClients() {
    }

    static Certificate cert(TestPki.Issued issued, boolean isDefault, String... serverNames) {
        return new Certificate(issued.certPath().toString(), issued.keyPath().toString(), List.of(serverNames),
                isDefault);
    }

    static ListenerTlsConfig tls(Certificate... certificates) {
        return new ListenerTlsConfig(List.of(certificates), TlsVersion.TLS12, List.of(), null, ClientCertMode.NONE,
                List.of(), null, SourceRef.synthetic("tls"));
    }

    static ListenerTlsConfig tls(TlsVersion min, List<CipherSuite> suites, Certificate... certificates) {
        return new ListenerTlsConfig(List.of(certificates), min, suites, null, ClientCertMode.NONE, List.of(), null,
                SourceRef.synthetic("tls"));
    }

    static ListenerTlsConfig mtls(Certificate certificate, ClientCertMode mode, Path ca, List<Path> crls,
            List<String> trustedIds) {
        return new ListenerTlsConfig(List.of(certificate), TlsVersion.TLS12, List.of(),
                new ClientCa(ca.toString(), crls.stream().map(Path::toString).toList()), mode, trustedIds, null,
                SourceRef.synthetic("tls"));
    }

    /** A client context trusting {@code ca}, presenting {@code client} when not null. */
    static SSLContext context(X509Certificate ca, TestPki.Issued client) {
        try {
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            trust.setCertificateEntry("ca", ca);
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(trust);
            KeyManagerFactory kmf = null;
            if (client != null) {
                KeyStore keys = KeyStore.getInstance("PKCS12");
                keys.load(null, null);
                keys.setKeyEntry("client", client.keyPair().getPrivate(), PASSWORD,
                        new java.security.cert.Certificate[] {client.certificate()});
                kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                kmf.init(keys, PASSWORD);
            }
            SSLContext context = SSLContext.getInstance("TLS");
            KeyManager[] keys = kmf == null ? null
                    : new KeyManager[] {new Always((X509ExtendedKeyManager) kmf.getKeyManagers()[0])};
            context.init(keys, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Presents its one certificate whatever CAs the server names: the JDK's own key manager would
     * withhold a certificate from another CA, and the test wants the server to judge it.
     */
    private static final class Always extends X509ExtendedKeyManager {
        private final X509ExtendedKeyManager keys;

        Always(X509ExtendedKeyManager keys) {
            this.keys = keys;
        }

        @Override
        public String chooseEngineClientAlias(String[] keyType, Principal[] issuers, SSLEngine engine) {
            return "client";
        }

        @Override
        public String chooseClientAlias(String[] keyType, Principal[] issuers, Socket socket) {
            return "client";
        }

        @Override
        public String[] getClientAliases(String keyType, Principal[] issuers) {
            return new String[] {"client"};
        }

        @Override
        public String[] getServerAliases(String keyType, Principal[] issuers) {
            return null;
        }

        @Override
        public String chooseServerAlias(String keyType, Principal[] issuers, Socket socket) {
            return null;
        }

        @Override
        public X509Certificate[] getCertificateChain(String alias) {
            return keys.getCertificateChain(alias);
        }

        @Override
        public PrivateKey getPrivateKey(String alias) {
            return keys.getPrivateKey(alias);
        }
    }

    /** Connects to the loopback port, sends {@code sni} when not null, and completes the handshake. */
    static SSLSocket handshake(SSLContext context, int port, String sni, Consumer<SSLParameters> tune)
            throws IOException {
        SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1", port);
        socket.setSoTimeout(10_000);
        SSLParameters parameters = socket.getSSLParameters();
        if (sni != null) {
            parameters.setServerNames(List.of(new SNIHostName(sni)));
        }
        tune.accept(parameters);
        socket.setSSLParameters(parameters);
        try {
            socket.startHandshake();
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    static SSLSocket handshake(SSLContext context, int port, String sni) throws IOException {
        return handshake(context, port, sni, p -> { });
    }

    static Consumer<SSLParameters> protocols(String... protocols) {
        return p -> p.setProtocols(protocols);
    }

    static Consumer<SSLParameters> suites(String protocol, String... suites) {
        return p -> {
            p.setProtocols(new String[] {protocol});
            p.setCipherSuites(suites);
        };
    }

    /** One HTTP/1.1 request with {@code Connection: close}; the whole response as text. */
    static String get(SSLSocket socket, String path) throws IOException {
        OutputStream out = socket.getOutputStream();
        out.write(("GET " + path + " HTTP/1.1\r\nhost: test\r\nconnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        InputStream in = socket.getInputStream();
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }

    /** The served leaf of a finished handshake. */
    static X509Certificate served(SSLSocket socket) throws IOException {
        return (X509Certificate) socket.getSession().getPeerCertificates()[0];
    }

    static String describe(String[] values) {
        return Arrays.toString(values);
    }
}

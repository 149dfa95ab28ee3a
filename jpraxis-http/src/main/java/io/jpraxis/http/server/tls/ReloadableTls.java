package io.jpraxis.http.server.tls;

import java.security.cert.X509Certificate;
import java.util.List;

/**
 * A listener's TLS material that can be read again from its files (see
 * docs/behaviour/certificate-reload.md). Called on the certificate watcher's thread, never on an
 * event loop, so it may read files.
 */
@FunctionalInterface
public interface ReloadableTls {
    /**
     * Reads and checks the files again and makes the result what new handshakes use; connections
     * already open keep what they negotiated.
     *
     * @return the leaf certificates served after the reload, in config order (for the log)
     * @throws Exception naming the file and what is wrong with it; the material served stays as it was
     */
    List<X509Certificate> reload() throws Exception;
}

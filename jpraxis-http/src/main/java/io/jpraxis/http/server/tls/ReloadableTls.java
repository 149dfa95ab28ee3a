package io.jpraxis.http.server.tls;

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
     * @throws Exception naming the file and what is wrong with it; the material served stays as it was
     */
    void reload() throws Exception;
}

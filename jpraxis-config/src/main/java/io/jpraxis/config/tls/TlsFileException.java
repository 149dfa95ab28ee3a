package io.jpraxis.config.tls;

import java.nio.file.Path;

/**
 * A TLS file (certificate, key, CA bundle, CRL) that cannot be used; the message names the file and
 * what is wrong with it. {@link #problem()} tells a key that does not match its certificate apart
 * from a file that does not parse.
 */
public final class TlsFileException extends Exception {
    /** What is wrong with the file. */
    public enum Problem {
        UNREADABLE,
        MALFORMED_PEM,
        NO_CERTIFICATE,
        BAD_CERTIFICATE,
        NO_PRIVATE_KEY,
        SEVERAL_PRIVATE_KEYS,
        UNSUPPORTED_KEY_TYPE,
        ENCRYPTED_KEY,
        KEY_MISMATCH,
        NO_CRL,
        BAD_CRL
    }

    private final Path path;
    private final Problem problem;

    TlsFileException(Path path, Problem problem, String reason) {
        super(path == null ? reason : path + ": " + reason);
        this.path = path;
        this.problem = problem;
    }

    TlsFileException(Path path, Problem problem, String reason, Throwable cause) {
        super(path == null ? reason : path + ": " + reason, cause);
        this.path = path;
        this.problem = problem;
    }

    /** The file that failed; null for a key and certificate compared without their paths. */
    public Path path() {
        return path;
    }

    public Problem problem() {
        return problem;
    }
}

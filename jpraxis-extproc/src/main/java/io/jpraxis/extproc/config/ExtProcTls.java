package io.jpraxis.extproc.config;

import java.nio.file.Path;

/**
 * {@code server.tls}: how the gRPC port is secured ({@code none} by default, beside Envoy on a pod
 * network; see docs/behaviour/ext-proc.md#picker-mode).
 */
public sealed interface ExtProcTls permits ExtProcTls.None, ExtProcTls.SelfSigned, ExtProcTls.Provided {

    /** Plain-text HTTP/2 (the default). */
    record None() implements ExtProcTls {
    }

    /** A certificate made at start for the bind host; Envoy must then skip verification or pin it. */
    record SelfSigned() implements ExtProcTls {
    }

    /** A PEM certificate chain and PKCS#8 key read at start. */
    record Provided(Path certPath, Path keyPath) implements ExtProcTls {
    }

    /** The YAML spellings of {@code server.tls.mode}. */
    enum Mode { NONE, SELF_SIGNED, PROVIDED }
}

package io.jpraxis.extproc.stream;

/** What becomes of a request head Envoy sent: admitted to the pipeline, or refused before it. */
sealed interface Admission permits AdmittedRequest, Admission.RefusedTarget {

    /**
     * A {@code :path} the canonicaliser refuses (see
     * docs/behaviour/canonical-path.md#one-form-for-matching-and-forwarding): a 400 without running
     * the pipeline, as on the HTTP edge, since no rule could be matched against it.
     */
    record RefusedTarget(String reason, String requestId) implements Admission {
    }
}

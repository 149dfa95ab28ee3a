package io.jpraxis.core.pipeline.check;

/** How one ordering check came out for one pipeline. */
public enum Verdict {
    /** It ran and found nothing. */
    PASS,
    /** It found at least one error: the config is refused. */
    ERROR,
    /** It found only warnings (a warning-only check, or one an insecure option turns into a warning). */
    WARNING,
    /** It found errors that {@code skip_pipeline_validation} turned into warnings. */
    DEMOTED,
    /** A {@code skip_pipeline_checks} flag (or {@code skip_pipeline_validation}) kept it from running. */
    SKIPPED
}

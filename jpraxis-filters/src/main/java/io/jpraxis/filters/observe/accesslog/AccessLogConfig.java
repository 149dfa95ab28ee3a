package io.jpraxis.filters.observe.accesslog;

/**
 * The {@code access_log} filter's config.
 *
 * @param sampleRate the share of exchanges logged, in (0, 1]; 1 logs every one (Praxis's default)
 */
public record AccessLogConfig(double sampleRate) {
    /** Log everything. */
    public static final double DEFAULT_SAMPLE_RATE = 1.0;
}

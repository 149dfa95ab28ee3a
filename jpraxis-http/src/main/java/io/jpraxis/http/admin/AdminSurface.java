package io.jpraxis.http.admin;

/** Which admin socket a request arrived on, and so which paths it may reach. */
public enum AdminSurface {
    /** {@code admin.address}: every admin path. */
    ADMIN,
    /** {@code admin.metrics_address}: only the scrape and probe paths (newer Praxis splits them out). */
    METRICS
}

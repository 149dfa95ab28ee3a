/**
 * The admin listener (see docs/behaviour/config-loading.md#admin-listener): {@code /healthy},
 * {@code /ready}, {@code /metrics} and {@code /config} on loopback, on a socket apart from the
 * traffic listeners. Entry point: {@link io.jpraxis.http.admin.AdminServer}.
 */
package io.jpraxis.http.admin;

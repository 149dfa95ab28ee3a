/**
 * The edge's own error statuses and their JSON bodies (see
 * docs/behaviour/request-lifecycle.md#error-bodies).
 */
package io.jpraxis.http.error;

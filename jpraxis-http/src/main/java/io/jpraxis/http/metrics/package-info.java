/** Counters of the HTTP edge and their Micrometer meters. */
package io.jpraxis.http.metrics;

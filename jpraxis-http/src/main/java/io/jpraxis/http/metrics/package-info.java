/** Counters of the HTTP edge. */
package io.jpraxis.http.metrics;

/**
 * Shedding new requests when the process runs short of memory or descriptors (see
 * docs/behaviour/http-edge.md#overload-shedding), and the counts of every overload refusal.
 */
package io.jpraxis.http.overload;

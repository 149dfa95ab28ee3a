/**
 * Active health checking (see docs/behaviour/clusters.md#health-checks): probes every endpoint of
 * every health-checked cluster on the gateway's event loops and feeds the results to the shared
 * endpoint state the balancers read.
 */
package io.jpraxis.http.health;

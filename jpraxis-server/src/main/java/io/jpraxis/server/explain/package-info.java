/**
 * {@code jpraxis explain}: what the build learned about each listener's pipeline (the flattened
 * filters with their branch sub-chains, the control-flow edges, each ordering check's verdict),
 * as text or as a Graphviz DOT graph.
 */
package io.jpraxis.server.explain;

/**
 * The WebSocket side of the edge benchmarks ({@code bench/run edge}): an echo origin to tunnel to
 * and a load client that times echo round trips or streams a fixed volume through one tunnel.
 */
package io.jpraxis.bench.ws;

/**
 * The side-by-side load suite behind {@code bench/run}: it starts an nginx origin, nginx and
 * HAProxy as peer proxies and jpraxis, drives each with wrk or h2load in interleaved rounds,
 * samples the proxy's CPU and memory from {@code /proc}, and writes medians, goals and a chart
 * under {@code bench/results/}.
 */
package io.jpraxis.bench.load;

/**
 * The soak behind {@code bench/soak}: jpraxis on a branch and pipeline config, a mixed workload at a
 * fixed rate (half of a peak measured first) for an hour, the config rewritten every minute, and the
 * process's resident memory, heap after a full GC, open file descriptors and upstream connections
 * sampled throughout; it passes when none of them grows by 5% or more between minute 10 and the
 * last minute. Results go to {@code bench/results/soak-<date>.{json,md,png}}.
 */
package io.jpraxis.bench.soak;

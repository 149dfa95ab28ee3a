/**
 * JMH microbenchmarks of jpraxis's hot paths, one class per subject: router lookup, condition
 * evaluation, pipeline execution, load balancer picks and config validation. Each builds what it
 * measures through the production path (YAML, loader, filter factories, pipeline compiler) via
 * {@link io.jpraxis.bench.micro.BenchGateway}, so a benchmark measures the code that serves traffic.
 *
 * <p>Run settings are annotations on each class, sized for a 2-core machine: one fork, 3 warm-up
 * and 5 measured iterations of 2 s (the validation benchmark warms up longer, its first calls being
 * slow); JMH options on the command line override them. Run them with {@code bench/jmh}; they are
 * never part of the test suite.
 */
package io.jpraxis.bench.micro;

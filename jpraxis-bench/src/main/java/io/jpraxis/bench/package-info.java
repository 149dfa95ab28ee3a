/** Benchmarks of jpraxis, kept apart from the tests: JMH microbenchmarks and the side-by-side load suite. */
package io.jpraxis.bench;

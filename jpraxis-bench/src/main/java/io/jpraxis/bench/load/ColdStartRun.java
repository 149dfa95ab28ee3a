package io.jpraxis.bench.load;

/**
 * One cold start of jpraxis.
 *
 * @param millis from spawning {@code ./jpraxis} to the first 200 it proxied
 * @param launcherMillis the part before the launcher script exec'd the JVM (10 ms resolution);
 *     NaN when the JVM was not seen before the first answer
 * @param failedAttempts attempts before this one that failed and were retried
 */
public record ColdStartRun(double millis, double launcherMillis, int failedAttempts) {
}

package io.jpraxis.core.circuit;

/**
 * When one circuit opens and recovers.
 *
 * @param subject what the circuit guards, for the log ({@code cluster api}, {@code sub-request endpoint 10.0.0.1:443})
 * @param consecutiveFailures failures in a row that open the circuit
 * @param recoveryWindowSecs how long an open circuit refuses before it admits one probe
 * @param halfOpenTimeoutSecs how long a probe may go without an outcome before the circuit re-opens
 */
public record CircuitPolicy(String subject, long consecutiveFailures, long recoveryWindowSecs,
        long halfOpenTimeoutSecs) {
}

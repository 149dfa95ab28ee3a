package io.jpraxis.http.health;

/** How one probe of one endpoint ended. */
public sealed interface ProbeResult permits ProbeResult.Passed, ProbeResult.Failed {

    /** The probe passed. */
    ProbeResult PASSED = new Passed();

    /** Whether this result counts as a success. */
    default boolean passed() {
        return this instanceof Passed;
    }

    /** The endpoint answered as expected. */
    record Passed() implements ProbeResult {
    }

    /**
     * The endpoint did not answer as expected.
     *
     * @param reason what went wrong, for logs ({@code status 500 (expected: 200)}, {@code timed out after 2000 ms})
     */
    record Failed(String reason) implements ProbeResult {
    }
}

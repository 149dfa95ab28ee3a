package io.jpraxis.http.testing;

import java.util.function.BooleanSupplier;

/** Polls for state another thread (an event loop) updates after the client already has its answer. */
public final class Waits {
    private Waits() {
    }

    /** Whether {@code condition} became true within five seconds. */
    public static boolean until(BooleanSupplier condition) {
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return condition.getAsBoolean();
    }
}

package io.jpraxis.core.store;

/**
 * A store's state as its client last saw it: a detail of {@code /ready}, never a reason to be
 * unready (an outage fails requests closed; it must not take every replica out of the Service).
 *
 * @param connected whether the last call (or connect) succeeded
 * @param lastError the last failure's kind and message (no password), or null
 * @param calls calls made
 * @param failures calls that failed
 */
public record StoreHealth(boolean connected, String lastError, long calls, long failures) {
}

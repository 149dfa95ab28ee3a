package io.jpraxis.ai.candidate;

/** Where a credential's secret lives: a locator only, never the secret bytes. */
public record SecretRef(String name, String namespace, String key) {
}

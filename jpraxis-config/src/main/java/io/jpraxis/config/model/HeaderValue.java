package io.jpraxis.config.model;

/** A header name and value as configured. */
public record HeaderValue(String name, String value) {
}

package io.jpraxis.config.model;

/** A log level as {@code runtime.log_overrides} writes it (any case in YAML, lower case out). */
public enum LogLevel {
    ERROR, WARN, INFO, DEBUG, TRACE
}

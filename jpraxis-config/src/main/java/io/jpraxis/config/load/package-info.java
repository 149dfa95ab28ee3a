/**
 * The readers: YAML trees to immutable config records, one reader per section, each reporting
 * every problem of the value it reads with its path and line. Checks that look across objects
 * (names unique across the config, references that resolve) live in {@code config.validate}; the
 * loader runs them once everything is read.
 */
package io.jpraxis.config.load;

/**
 * Writes a loaded config back as YAML for {@code jpraxis dump}: ordered maps in the shape the
 * readers accept (defaults written out, reading the dump back gives equal records), with secrets
 * redacted.
 */
package io.jpraxis.config.dump;

package io.jpraxis.config.model;

import java.nio.file.Path;

/**
 * {@code runtime.logging}: where every log line goes (see docs/behaviour/log-output.md). Absent,
 * jpraxis keeps its split: diagnostics on stderr, access lines on stdout.
 *
 * @param output the one destination of diagnostics and access lines
 * @param filePath the file appended to, for {@link Output#FILE} only; never rotated
 * @param nonBlocking lines go through a bounded queue written by a thread of its own (lossy when
 *     full, counted); false writes each line on the thread that logs it
 * @param bufferSize lines each queue holds; null: {@link #DEFAULT_BUFFER_LINES}
 */
public record LoggingConfig(Output output, Path filePath, boolean nonBlocking, Integer bufferSize) {
    /** Lines a queue holds unless {@code buffer_size} says otherwise: a burst of several thousand requests. */
    public static final int DEFAULT_BUFFER_LINES = 8192;

    /** The lines a queue holds. */
    public int bufferLines() {
        return bufferSize == null ? DEFAULT_BUFFER_LINES : bufferSize;
    }

    /** {@code runtime.logging.output}. */
    public enum Output {
        STDOUT, STDERR, FILE
    }
}

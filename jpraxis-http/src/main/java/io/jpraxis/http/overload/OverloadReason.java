package io.jpraxis.http.overload;

/** Why a request or connection was refused before any filter ran: the {@code reason} label of the refusals. */
public enum OverloadReason {
    /** Resident memory over {@code runtime.max_memory_bytes}. */
    MEMORY("memory"),
    /** Open descriptors near the open-file limit ({@code runtime.shed_on_fd_pressure}). */
    FILE_DESCRIPTORS("file_descriptors"),
    /** A connection beyond {@code runtime.max_connections}. */
    GLOBAL_CONNECTIONS("global_connections"),
    /** A connection beyond its listener's {@code max_connections}. */
    LISTENER_CONNECTIONS("listener_connections");

    private final String label;

    OverloadReason(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}

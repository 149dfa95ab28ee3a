package io.jpraxis.core.filter;

/**
 * Where {@code metrics.filter_duration} records how long each filter hook took (see
 * docs/behaviour/metrics.md#filter-timings). The edge supplies the Micrometer side; core only calls it.
 */
public interface FilterTimings {

    /** The phase a hook belongs to, as the {@code phase} label writes it. */
    enum Phase {
        REQUEST("request"), RESPONSE("response"), SELECTED_UPSTREAM("selected_upstream");

        private final String label;

        Phase(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** What the hook looked at, as the {@code stream} label writes it. */
    enum Stream {
        HEADERS("headers"), BODY("body");

        private final String label;

        Stream(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** Records one hook call of the filter of type {@code filter} that took {@code nanos}. */
    void record(String filter, Phase phase, Stream stream, long nanos);
}

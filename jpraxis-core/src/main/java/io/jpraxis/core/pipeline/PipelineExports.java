package io.jpraxis.core.pipeline;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What the filters of one listener's pipeline publish for other filters of the same pipeline to
 * read at request time ({@code intelligent_route} publishes its candidate source, {@code
 * model_catalog} lists the models it names; see
 * docs/behaviour/config-loading.md#values-filters-share-within-a-pipeline). Each build makes its
 * own, one per listener, so a reload never mixes generations. Publishing happens while the build
 * creates filters, on the build's thread; reading happens on request threads once the generation
 * serves, so a reader takes {@link #published} when it is created and reads the view per request:
 * it holds every value of the pipeline by then, whichever filter came first.
 */
public final class PipelineExports {
    private final Map<Key<?>, List<Object>> values = new ConcurrentHashMap<>();

    /** A kind of value, compared by identity: each publishing filter type owns its key. */
    public static final class Key<T> {
        private final String name;
        private final Class<T> type;

        /**
         * @param name for messages and debugging only
         * @param type what {@link #published} returns
         */
        public Key(String name, Class<T> type) {
            this.name = Objects.requireNonNull(name, "name");
            this.type = Objects.requireNonNull(type, "type");
        }

        @Override
        public String toString() {
            return "PipelineExports.Key[" + name + "]";
        }
    }

    /** Adds {@code value} under {@code key}, after the values published before it. */
    public <T> void publish(Key<T> key, T value) {
        list(key).add(key.type.cast(Objects.requireNonNull(value, "value")));
    }

    /**
     * A read-only live view of the values under {@code key}, in publication order (pipeline order):
     * it also shows those published after this call, by filters later in the pipeline.
     */
    @SuppressWarnings("unchecked")
    public <T> List<T> published(Key<T> key) {
        return (List<T>) java.util.Collections.unmodifiableList(list(key));
    }

    private List<Object> list(Key<?> key) {
        return values.computeIfAbsent(key, k -> new CopyOnWriteArrayList<>());
    }

    /**
     * The exports of one build: a fresh {@link PipelineExports} for each listener's pipeline, the
     * one being built handed to the factories that create its filters.
     */
    public static final class Scopes {
        private PipelineExports current = new PipelineExports();

        /** Starts the next listener's pipeline: filters created from now on share a fresh set. */
        public void beginPipeline() {
            current = new PipelineExports();
        }

        /** The exports of the pipeline being built. */
        public PipelineExports current() {
            return current;
        }
    }
}

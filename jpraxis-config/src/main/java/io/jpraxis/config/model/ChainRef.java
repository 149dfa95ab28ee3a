package io.jpraxis.config.model;

import java.util.List;

/**
 * One item of a branch's {@code chains}: a bare string naming a top-level chain, or an inline
 * chain {@code {name, filters}}.
 */
public sealed interface ChainRef permits ChainRef.Named, ChainRef.Inline {

    SourceRef source();

    /**
     * A reference to the top-level chain {@code chain}; its conditions are inherited (see
     * docs/behaviour/config-loading.md#named-chains).
     */
    record Named(String chain, SourceRef source) implements ChainRef {
    }

    /** A chain written in place; its name is unique across the config like a branch name. */
    record Inline(String name, List<FilterEntryConfig> filters, SourceRef source) implements ChainRef {
        public Inline {
            filters = List.copyOf(filters);
        }
    }
}

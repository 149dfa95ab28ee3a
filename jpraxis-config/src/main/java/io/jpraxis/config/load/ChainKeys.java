package io.jpraxis.config.load;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.model.FilterEntryConfig.FailureMode;
import io.jpraxis.config.validate.ConfigLimits;

/**
 * The keys of a filter entry and of the chains nested in it (branches, inline branch chains,
 * inline outbound chains). They refer to each other in a cycle, so they are declared here, in one
 * class, in an order where each is built before it is used; the entry is reached from the chains
 * through a lazy reference.
 */
public final class ChainKeys {
    /** The id of the filter entry's shared definition. */
    public static final String ENTRY_ID = "filter_entry";
    /** A reference to {@link #FILTER_ENTRY}, for the lists of filters that chains hold. */
    public static final KeyType ENTRY = KeyType.ref(ENTRY_ID, () -> ChainKeys.FILTER_ENTRY);

    /** An inline chain of a branch: its filters may be empty. */
    static final ObjectDescriptor BRANCH_INLINE = ObjectDescriptor.of("An inline branch chain.",
            key("name", KeyType.text(), "Chain name, unique among chains.").asRequired(),
            key("filters", KeyType.listOf(ENTRY, 0, ConfigLimits.MAX_FILTERS_PER_CHAIN),
                    "The chain's filters, in order.").asRequired());

    /** The keys of one branch. */
    static final ObjectDescriptor BRANCH = ObjectDescriptor.of("A branch: chains run when the host filter's "
                    + "result matches.",
            key("name", KeyType.text(), "Branch name, unique in the config.").asRequired(),
            key("chains", KeyType.listOf(KeyType.oneOf(KeyType.text(), KeyType.object(BRANCH_INLINE)), 1, null),
                    "Chains the branch runs, in order: a top-level chain's name or an inline chain.").asRequired(),
            key("on_result", KeyType.object(OnResultReader.KEYS), "The result that starts the branch; unset: "
                    + "the branch always runs."),
            key("rejoin", KeyType.text(), "Where the request goes after the branch: next, terminal, client or a "
                    + "filter entry name.").withDefault("next"),
            key("max_iterations", KeyType.integer(1, ConfigLimits.MAX_BRANCH_ITERATIONS), "How often the branch "
                    + "may be entered again; required when it rejoins upstream of itself."));

    /** An inline outbound chain: at least one filter. */
    static final ObjectDescriptor OUTBOUND_INLINE = ObjectDescriptor.of("An inline outbound chain.",
            key("name", KeyType.text(), "Chain name, unique among chains.").asRequired(),
            key("filters", KeyType.listOf(ENTRY, 1, ConfigLimits.MAX_FILTERS_PER_CHAIN),
                    "The chain's filters, in order.").asRequired());

    /**
     * The keys every filter entry may hold; the map is open because each filter reads its own keys
     * beside these.
     */
    public static final ObjectDescriptor FILTER_ENTRY = ObjectDescriptor.of("One filter in a chain, with the keys "
                    + "every filter takes; the filter's own keys sit beside them.",
            key("filter", new KeyType.Text(1, null), "The filter type, such as router.").asRequired(),
            key("name", KeyType.text(), "Entry name, unique in its chain; a rejoin target."),
            key("conditions", KeyType.oneOf(KeyType.listOf(KeyType.object(ConditionReader.CONDITION)),
                    new KeyType.MapOf(new KeyType.Open(), 0)), "Request conditions that decide whether the filter "
                    + "runs; access_log takes a map here instead, its own emit conditions."),
            key("response_conditions", KeyType.listOf(KeyType.object(ConditionReader.RESPONSE_CONDITION)),
                    "Response conditions that decide whether the filter's response phase runs."),
            key("failure_mode", KeyType.choice(FailureMode.class), "What a filter error does: closed fails the "
                    + "request (500), open logs it and continues.").withDefault("closed"),
            key("branch_chains", KeyType.listOf(KeyType.object(BRANCH), 0, ConfigLimits.MAX_BRANCHES_PER_FILTER),
                    "Branches run after the filter, on its results."),
            key(OutboundChainReader.KEY, KeyType.oneOf(new KeyType.Text(1, null), KeyType.object(OUTBOUND_INLINE)),
                    "The chain this filter's callouts run through: a top-level chain's name or an inline chain; "
                    + "needs the chain-binding feature."))
            .open();

    private ChainKeys() {
    }
}

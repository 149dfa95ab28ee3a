package io.jpraxis.config.feature;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Experimental capabilities, off by default, enabled at launch (see
 * docs/behaviour/feature-flags.md#enabling-flags). Names match Praxis's build features so operators
 * use the same words.
 */
public enum Feature {
    UPSTREAM_BINDING("logical upstream binding: binding router, bound_upstream conditions and load balancers"),
    ITERATIVE_REQUEST_ROUTER("the iterative_request_router filter (implies upstream-binding)"),
    BOUND_UPSTREAM_REQUEST_BODY("the bound-upstream request body hook (implies upstream-binding)"),
    CHAIN_BINDING("outbound chains bound by callout filters"),
    BASIC_AUTH_FILTER("the basic_auth filter (experimental: passwords written in the config or the environment)"),
    HEDGED_REQUESTS("the router's hedge_policy: copies of idempotent requests to other endpoints"),
    SLOW_START("cluster slow_start: endpoints added by a reload or recovering ramp up to their weight"),
    TOKEN_RATE_LIMIT_FILTER("the token_rate_limit filter: token-denominated quotas reserved at admission and "
            + "reconciled with the reported usage");

    private final String description;

    Feature(String description) {
        this.description = description;
    }

    /** The kebab-case name used on the command line ({@code upstream-binding}). */
    public String cliName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public String description() {
        return description;
    }

    /** Features this one turns on as well. */
    public List<Feature> implied() {
        return switch (this) {
            case ITERATIVE_REQUEST_ROUTER, BOUND_UPSTREAM_REQUEST_BODY -> List.of(UPSTREAM_BINDING);
            case UPSTREAM_BINDING, CHAIN_BINDING, BASIC_AUTH_FILTER, HEDGED_REQUESTS, SLOW_START,
                    TOKEN_RATE_LIMIT_FILTER -> List.of();
        };
    }

    public static Optional<Feature> byCliName(String name) {
        for (Feature f : values()) {
            if (f.cliName().equals(name.trim())) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}

package io.jpraxis.core.filter;

import io.jpraxis.config.diag.ConfigPath;
import io.jpraxis.config.model.UpstreamMatcher;

/**
 * A matcher over a bound cluster's tags that a filter's own config holds (not a condition), with
 * where it is written, so the typo guard (see docs/behaviour/conditions.md#upstream-matchers) holds
 * it to the values load balancers declare.
 */
public record TagMatcher(UpstreamMatcher matcher, ConfigPath path, int line) {
}

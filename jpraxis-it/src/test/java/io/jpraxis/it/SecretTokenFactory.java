package io.jpraxis.it;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.Optional;
import java.util.Set;

/** A test filter type with a secret option, as a credential-carrying filter has one. */
final class SecretTokenFactory implements OneStepFactory {
    static final String TYPE = "test_secret_token";

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Set<String> secretFields() {
        return Set.of("api_key");
    }

    @Override
    public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
        Optional<String> key = Optional.ofNullable(options.requiredString("api_key"));
        options.finish();
        return key.map(value -> new HttpFilter() {
            @Override
            public String type() {
                return TYPE;
            }

            @Override
            public Object config() {
                return java.util.Map.of("api_key", value);
            }
        });
    }
}

package io.jpraxis.core.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.core.pipeline.FilterRegistry;
import io.jpraxis.core.pipeline.OneStepFactory;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FilterRegistryTest {
    private static FilterFactory<?> named(String type) {
        return new OneStepFactory() {
            @Override
            public String type() {
                return type;
            }

            @Override
            public Optional<HttpFilter> make(MapReader options, FilterReadContext context) {
                return Optional.empty();
            }
        };
    }

    @Test
    void findsThirdPartyFactoriesThroughServiceLoader() {
        FilterRegistry registry = FilterRegistry.withBuiltIns(List.of(named("router")));
        assertThat(registry.find("third_party_marker")).as("registered by META-INF/services").isPresent();
        assertThat(registry.types()).containsExactly("router", "third_party_marker");
    }

    @Test
    void builtInWinsOverAThirdPartyTypeOfTheSameName() {
        FilterFactory<?> builtIn = named("third_party_marker");
        FilterRegistry registry = FilterRegistry.withBuiltIns(List.of(builtIn));
        assertThat(registry.find("third_party_marker")).containsSame(builtIn);
    }

    @Test
    void registeringATypeTwiceIsAProgrammingError() {
        FilterRegistry registry = new FilterRegistry().register(named("a"));
        assertThatThrownBy(() -> registry.register(named("a"))).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("a");
    }
}

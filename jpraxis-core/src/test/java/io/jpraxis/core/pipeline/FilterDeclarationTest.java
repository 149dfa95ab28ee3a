package io.jpraxis.core.pipeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jpraxis.core.filter.BodyAccess;
import io.jpraxis.core.filter.BodyMode;
import io.jpraxis.core.filter.FilterTrait;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FilterDeclarationTest {

    @Test
    void keepsItsOwnCopiesSoTheFactorysSetsCannotChangeItLater() {
        Set<FilterTrait> traits = new HashSet<>(Set.of(FilterTrait.ROUTER));
        Set<String> owned = new HashSet<>(Set.of("x-model"));
        FilterDeclaration d = FilterDeclaration.NONE.withTraits(traits).withOwnedRequestHeaders(owned);
        traits.add(FilterTrait.SELECTS_ENDPOINT);
        owned.add("x-other");
        assertThat(d.traits()).as("the traits the factory declared, not what its set became").containsExactly(
                FilterTrait.ROUTER);
        assertThat(d.ownedRequestHeaders()).containsExactly("x-model");
        assertThatThrownBy(() -> d.traits().add(FilterTrait.ALWAYS_ANSWERS)).as("read-only for the build")
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void eachWithChangesOneComponentAndKeepsTheOthers() {
        FilterDeclaration base = FilterDeclaration.NONE.withTraits(Set.of(FilterTrait.ROUTER))
                .withRequestBody(BodyAccess.READ_ONLY, BodyMode.STREAM).withResponseHook(true);
        FilterDeclaration logged = base.withLogHook();
        assertThat(logged.logHook()).isTrue();
        assertThat(logged).as("everything but the log hook as it was")
                .isEqualTo(new FilterDeclaration(base.traits(), base.requestBody(), base.responseBody(),
                        base.ownedRequestHeaders(), true, true, base.clusters(), base.boundUpstream(), base.nested()));
        assertThat(FilterDeclaration.NONE.withResponseHook(true).logHook()).as("a response hook is not a log hook")
                .isFalse();
    }
}

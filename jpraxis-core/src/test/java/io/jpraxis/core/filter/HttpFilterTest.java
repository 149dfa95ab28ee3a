package io.jpraxis.core.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.pipeline.FilterDeclaration;
import org.junit.jupiter.api.Test;

class HttpFilterTest {

    @Test
    void aFilterDeclaresNoHookUnlessItSaysSo() {
        assertThat(FilterDeclaration.NONE.responseHook()).isFalse();
        assertThat(FilterDeclaration.NONE.logHook()).isFalse();
    }

    @Test
    void aLogHookIsDeclaredApartFromAResponseHook() {
        assertThat(FilterDeclaration.NONE.withLogHook().logHook()).isTrue();
        assertThat(FilterDeclaration.NONE.withLogHook().responseHook()).as("a log hook is not a response hook")
                .isFalse();
        assertThat(FilterDeclaration.NONE.withResponseHook(true).logHook()).as("a response hook is not a log hook")
                .isFalse();
    }
}

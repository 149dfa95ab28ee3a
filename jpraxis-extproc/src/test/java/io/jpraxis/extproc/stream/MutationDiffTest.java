package io.jpraxis.extproc.stream;

import static org.assertj.core.api.Assertions.assertThat;

import io.envoyproxy.envoy.config.core.v3.HeaderValueOption.HeaderAppendAction;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.jpraxis.core.http.HeaderMap;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MutationDiffTest {
    @Test
    void setsChangedAndNewRemovesVanishedKeepsTheRest() {
        HeaderMap before = new HeaderMap().add("a", "1").add("b", "2").add("c", "3");
        HeaderMap after = new HeaderMap().add("a", "1").add("b", "20").add("d", "4").add("d", "5");
        HeaderMutation m = MutationDiff.of(before, after).build();
        assertThat(m.getRemoveHeadersList()).containsExactly("c");
        assertThat(m.getSetHeadersList()).extracting(o -> o.getHeader().getKey()).containsExactly("b", "d", "d");
        assertThat(m.getSetHeaders(1).getAppendAction()).isEqualTo(HeaderAppendAction.OVERWRITE_IF_EXISTS_OR_ADD);
        assertThat(m.getSetHeaders(2).getAppendAction()).as("a second value appends")
                .isEqualTo(HeaderAppendAction.APPEND_IF_EXISTS_OR_ADD);
        assertThat(m.getSetHeaders(2).getHeader().getRawValue().toString(StandardCharsets.ISO_8859_1)).isEqualTo("5");
    }

    @Test
    void hostMapsToAuthorityAndIsNeverRemoved() {
        HeaderMutation changed = MutationDiff.of(new HeaderMap().add("host", "a"), new HeaderMap().add("host", "b")).build();
        assertThat(changed.getSetHeaders(0).getHeader().getKey()).isEqualTo(":authority");
        assertThat(MutationDiff.of(new HeaderMap().add("host", "a"), new HeaderMap()).build().getRemoveHeadersList())
                .isEmpty();
    }

    @Test
    void strippedNamesAreRemovedEvenWhenSetAgain() {
        HeaderMutation m = MutationDiff.of(new HeaderMap().add("x-route", "forged"), new HeaderMap().add("x-route", "pick"),
                Set.of("x-route")).build();
        assertThat(m.getRemoveHeadersList()).containsExactly("x-route");
        assertThat(m.getSetHeadersList()).hasSize(1);
    }

    @Test
    void nothingChangedIsAnEmptyMutation() {
        HeaderMap h = new HeaderMap().add("a", "1");
        HeaderMutation m = MutationDiff.of(h, h.copy()).build();
        assertThat(m.getSetHeadersCount() + m.getRemoveHeadersCount()).isZero();
    }
}

package io.jpraxis.core.binding;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.UpstreamMatcher;
import org.junit.jupiter.api.Test;

class ClusterCatalogTest {
    private static final ClusterTags OPENAI = new ClusterTags("openai-chat", "openai");

    @Test
    void identicalRedeclarationsAreFineAndTheFirstWins() {
        ClusterCatalog catalog = new ClusterCatalog.Builder()
                .declare("openai_backend", OPENAI, "load_balancer")
                .declare("chat_backend", ClusterTags.NONE, "load_balancer")
                .declare("openai_backend", new ClusterTags("openai-chat", "openai"), "load_balancer 'step'")
                .build();

        assertThat(catalog.conflicts()).isEmpty();
        assertThat(catalog.all()).containsExactly(
                java.util.Map.entry("openai_backend", OPENAI), java.util.Map.entry("chat_backend", ClusterTags.NONE));
        assertThat(catalog.tags("absent")).isEmpty();
    }

    @Test
    void disagreeingDeclarationsAreKeptAsConflicts() {
        ClusterCatalog catalog = new ClusterCatalog.Builder()
                .declare("backend", OPENAI, "load_balancer")
                .declare("backend", new ClusterTags("openai-chat", "azure"), "load_balancer in branch 'b'")
                .build();

        assertThat(catalog.tags("backend")).contains(OPENAI);
        assertThat(catalog.conflicts()).singleElement().satisfies(c -> {
            assertThat(c.cluster()).isEqualTo("backend");
            assertThat(c.other().applicationProvider()).isEqualTo("azure");
            assertThat(c.declaredBy()).isEqualTo("load_balancer in branch 'b'");
        });
    }

    @Test
    void aMissingTagNeverSatisfiesAFieldThatIsSet() {
        assertThat(OPENAI.satisfies(new UpstreamMatcher(null, "openai"))).isTrue();
        assertThat(OPENAI.satisfies(new UpstreamMatcher("openai-chat", "openai"))).isTrue();
        assertThat(OPENAI.satisfies(new UpstreamMatcher("anthropic-messages", "openai"))).isFalse();
        assertThat(ClusterTags.NONE.satisfies(new UpstreamMatcher(null, "openai"))).isFalse();
        assertThat(new ClusterTags("openai-chat", null).satisfies(new UpstreamMatcher(null, "openai"))).isFalse();
    }
}

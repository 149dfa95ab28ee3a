package io.jpraxis.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestMetadataTest {

    @Test
    void keepsInsertionOrderAndOverwrites() {
        RequestMetadata m = new RequestMetadata();
        assertThat(m.get("a")).isNull();
        m.put("b", "1");
        m.put("a", "2");
        m.put("b", "3");
        assertThat(m.asMap()).containsExactly(java.util.Map.entry("b", "3"), java.util.Map.entry("a", "2"));
        m.remove("b");
        assertThat(m.asMap()).containsOnlyKeys("a");
    }

    @Test
    void refusesNewKeysBeyondTheBoundButStillOverwrites() {
        RequestMetadata m = new RequestMetadata();
        for (int i = 0; i < RequestMetadata.MAX_ENTRIES; i++) {
            assertThat(m.put("k" + i, "v")).isTrue();
        }
        assertThat(m.put("one-too-many", "v")).isFalse();
        assertThat(m.get("one-too-many")).isNull();
        assertThat(m.put("k0", "changed")).isTrue();
        assertThat(m.get("k0")).isEqualTo("changed");
    }
}

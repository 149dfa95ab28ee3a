package io.jpraxis.core.http;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class HeaderMapTest {

    @Test
    void namesAreCaseInsensitiveAndKeptLowerCaseInOrder() {
        HeaderMap map = new HeaderMap().add("Content-Type", "text/plain").add("X-A", "1").add("x-a", "2");
        assertThat(map.get("CONTENT-TYPE")).isEqualTo("text/plain");
        assertThat(map.getAll("x-A")).containsExactly("1", "2");
        assertThat(map.nameAt(0)).isEqualTo("content-type");
        assertThat(map.toString()).isEqualTo("{content-type: text/plain, x-a: 1, x-a: 2}");
    }

    @Test
    void aMapSizedSmallGrowsAndKeepsEveryLineInOrder() {
        HeaderMap map = new HeaderMap(0);
        for (int i = 0; i < 20; i++) {
            map.add("X-" + i, Integer.toString(i));
        }
        assertThat(map.size()).isEqualTo(20);
        for (int i = 0; i < 20; i++) {
            assertThat(map.nameAt(i)).isEqualTo("x-" + i);
            assertThat(map.valueAt(i)).isEqualTo(Integer.toString(i));
        }
        assertThat(map.copy().getAll("x-19")).containsExactly("19");
    }

    @Test
    void lowerCaseNamesAreNotCopied() {
        String name = "already-lower";
        assertThat(HeaderMap.normalize(name)).as("no upper-case letter: same instance").isSameAs(name);
        assertThat(HeaderMap.normalize("Mixed-Case")).isEqualTo("mixed-case");
        assertThat(HeaderMap.normalize("ÉTAT")).as("non-ASCII falls back to full lower-casing").isEqualTo("état");
    }

    @Test
    void removeTakesEveryLineOfTheNameAndKeepsTheRestInOrder() {
        HeaderMap map = new HeaderMap().add("a", "1").add("b", "2").add("A", "3").add("c", "4");
        assertThat(map.remove("a")).isTrue();
        assertThat(map.remove("missing")).isFalse();
        assertThat(map.toString()).isEqualTo("{b: 2, c: 4}");
        assertThat(map.size()).isEqualTo(2);
    }

    @Test
    void setReplacesEveryLine() {
        HeaderMap map = new HeaderMap().add("a", "1").add("b", "2").add("a", "3");
        map.set("A", "9");
        assertThat(map.toString()).isEqualTo("{b: 2, a: 9}");
    }

    @Test
    void growsPastItsInitialCapacityAndCopiesIndependently() {
        HeaderMap map = new HeaderMap();
        for (int i = 0; i < 100; i++) {
            map.add("h" + i, Integer.toString(i));
        }
        HeaderMap copy = map.copy();
        copy.remove("h5");
        copy.add("extra", "x");
        assertThat(map.size()).isEqualTo(100);
        assertThat(map.get("h99")).isEqualTo("99");
        assertThat(map.get("h5")).as("the original is untouched by the copy's edits").isEqualTo("5");
        assertThat(copy.size()).isEqualTo(100);
        assertThat(copy.get("extra")).isEqualTo("x");
    }

    @Test
    void removeIfCompactsInOnePass() {
        HeaderMap map = new HeaderMap().add("x-1", "a").add("keep", "b").add("x-2", "c").add("keep2", "d");
        assertThat(map.removeIf(name -> name.startsWith("x-"))).isTrue();
        assertThat(map.toString()).isEqualTo("{keep: b, keep2: d}");
        assertThat(map.removeIf(name -> false)).isFalse();
    }
}

package io.jpraxis.core.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class IdGeneratorTest {

    @Test
    void randomIdsAreVersionFourUuidsWithoutRepeats() {
        IdGenerator ids = IdGenerator.random();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 10_000; i++) {
            String id = ids.next();
            UUID parsed = UUID.fromString(id);
            assertThat(parsed.version()).as("version of %s", id).isEqualTo(4);
            assertThat(parsed.variant()).as("variant of %s", id).isEqualTo(2);
            assertThat(parsed.toString()).isEqualTo(id);
            seen.add(id);
        }
        assertThat(seen).as("10,000 ids, no repeats").hasSize(10_000);
    }

    @Test
    void threadsDrawDifferentIds() throws InterruptedException {
        Set<String> other = new HashSet<>();
        Thread t = new Thread(() -> {
            for (int i = 0; i < 1_000; i++) {
                other.add(IdGenerator.random().next());
            }
        });
        t.start();
        t.join();
        Set<String> mine = new HashSet<>();
        for (int i = 0; i < 1_000; i++) {
            mine.add(IdGenerator.random().next());
        }
        mine.retainAll(other);
        assertThat(mine).as("ids shared between two threads' generators").isEmpty();
    }

    @Test
    void sequentialIdsCount() {
        IdGenerator ids = IdGenerator.sequential("req");
        assertThat(ids.next()).isEqualTo("req-1");
        assertThat(ids.next()).isEqualTo("req-2");
    }
}

package io.jpraxis.http.overload;

import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.config.model.OverloadSettings;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class OverloadGuardTest {
    private final SimpleMeterRegistry meters = new SimpleMeterRegistry();

    @Test
    void theReserveIsFivePercentOfTheLimitButNeverUnder64() {
        assertThat(OverloadGuard.threshold(20_000)).isEqualTo(19_000);
        assertThat(OverloadGuard.threshold(256)).as("5% would be 12").isEqualTo(192);
        assertThat(OverloadGuard.threshold(128)).isEqualTo(64);
    }

    @Test
    void descriptorsOpenedSinceTheSampleCountTowardsTheThreshold() {
        long open = ProcessSample.openDescriptors();
        assertThat(open).as("this JVM's fd table").isPositive();
        // A limit whose threshold lies 10 descriptors above what is open now.
        long limit = open + 10 + OverloadGuard.MIN_RESERVE;
        try (OverloadGuard guard = new OverloadGuard(new OverloadSettings(null, true), limit, meters, true)) {
            assertThat(guard.shedRequest()).as("room left").isNull();
            for (int i = 0; i < 12; i++) {
                guard.descriptorOpened();
            }
            assertThat(guard.shedRequest()).as("claims past the threshold")
                    .isEqualTo(OverloadReason.FILE_DESCRIPTORS);
            assertThat(guard.rejects(OverloadReason.FILE_DESCRIPTORS)).isEqualTo(1);
        }
    }

    @Test
    void disabledSheddingNeverShedsEvenAtTheLimit() {
        try (OverloadGuard guard = new OverloadGuard(new OverloadSettings(null, false), 1, meters, true)) {
            for (int i = 0; i < 100; i++) {
                guard.descriptorOpened();
            }
            assertThat(guard.shedRequest()).isNull();
        }
    }

    @Test
    void residentMemoryOverTheLimitShedsByMemory() {
        try (OverloadGuard guard = new OverloadGuard(new OverloadSettings(1L << 20, false), Long.MAX_VALUE, meters,
                true)) {
            assertThat(guard.shedRequest()).as("a JVM is far over 1 MiB").isEqualTo(OverloadReason.MEMORY);
        }
        try (OverloadGuard guard = new OverloadGuard(new OverloadSettings(1L << 40, false), Long.MAX_VALUE, meters,
                true)) {
            assertThat(guard.shedRequest()).isNull();
        }
    }

    @Test
    void vmRssLinesAreReadInBytes() {
        assertThat(ProcessSample.residentBytes("VmRSS:\t  123456 kB")).isEqualTo(123_456L * 1024);
        assertThat(ProcessSample.residentBytes("VmRSS: lots")).isEqualTo(-1);
        assertThat(ProcessSample.residentBytes()).isPositive();
    }
}

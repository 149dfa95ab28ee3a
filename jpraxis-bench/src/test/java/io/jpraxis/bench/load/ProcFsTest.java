package io.jpraxis.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcFsTest {

    @Test
    void cpuTicksAreUtimePlusStime() {
        assertThat(ProcFs.cpuTicks(Samples.text("proc-stat-nginx-worker.txt"))).as("2343 user + 4977 system")
                .isEqualTo(7320);
        assertThat(ProcFs.cpuTicks(Samples.text("proc-stat-java.txt"))).as("21 user + 8 system").isEqualTo(29);
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        String stat = "12345 (my (odd) name) S 1 1 1 0 -1 0 0 0 0 0 700 300 0 0 20 0 1 0 1 1 1";
        assertThat(ProcFs.cpuTicks(stat)).isEqualTo(1000);
    }

    @Test
    void refusesATruncatedLine() {
        assertThatThrownBy(() -> ProcFs.cpuTicks("1 (x) S 1 1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("17 fields");
    }

    @Test
    void reapedChildrenAddCutimeAndCstime() {
        String stat = "4242 (java) S 1 1 1 0 -1 0 0 0 0 0 700 300 50 25 20 0 1 0 1 1 1";
        assertThat(ProcFs.cpuTicksWithReapedChildren(stat)).isEqualTo(1075);
    }

    @Test
    void machineTicksAreUserNiceSystemAndSteal() {
        ProcFs.MachineTicks t = ProcFs.machineTicks(Samples.text("proc-stat-machine.txt"));
        assertThat(t.busy()).as("user 1093558 + nice 0 + system 236868; idle, iowait, irq, softirq left out")
                .isEqualTo(1_330_426);
        assertThat(t.steal()).isZero();
    }

    @Test
    void residentMemoryIsVmRss() {
        assertThat(ProcFs.rssKiB(Samples.text("proc-status-nginx-worker.txt"))).hasValue(11080);
        assertThat(ProcFs.rssKiB(Samples.text("proc-status-java.txt"))).hasValue(54336);
    }

    @Test
    void threadCountIsTheStatusThreadsLine() {
        assertThat(ProcFs.threads(Samples.text("proc-status-java.txt"))).hasValue(21);
        assertThat(ProcFs.threads("Name:\tx\n")).as("no Threads line").isEmpty();
    }

    @Test
    void openFdsOfThisProcessIncludeAFileItHoldsOpen() throws Exception {
        long pid = ProcessHandle.current().pid();
        long before = ProcFs.readOpenFds(pid).orElseThrow();
        try (var in = java.nio.file.Files.newInputStream(java.nio.file.Path.of("/proc/self/status"))) {
            assertThat(ProcFs.readOpenFds(pid)).as("one more while the stream is open").hasValue(before + 1);
        }
        assertThat(ProcFs.readOpenFds(Long.MAX_VALUE)).as("no such process").isEmpty();
    }

    @Test
    void aKernelThreadHasNoResidentMemory() {
        assertThat(ProcFs.rssKiB(Samples.text("proc-status-kernel-thread.txt"))).isEmpty();
    }

    @Test
    void readsThisJvmsOwnEntries() {
        long pid = ProcessHandle.current().pid();
        assertThat(ProcFs.readRssKiB(pid)).as("a live JVM has resident memory").isPresent();
        assertThat(ProcFs.readCpuTicks(pid)).isPresent();
        assertThat(ProcFs.readCpuTicks(Long.MAX_VALUE)).as("a pid that does not exist").isEmpty();
    }
}

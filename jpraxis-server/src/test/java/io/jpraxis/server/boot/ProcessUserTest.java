package io.jpraxis.server.boot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ProcessUserTest {
    private static final String STATUS = """
            Name:\tjava
            Umask:\t0022
            State:\tS (sleeping)
            Uid:\t1000\t%s\t1000\t1000
            Gid:\t1000\t1000\t1000\t1000
            """;

    @Test
    void readsTheEffectiveUidNotTheRealOne() {
        assertThat(ProcessUser.effectiveUid(STATUS.formatted("0"))).as("setuid root: effective is 0")
                .isEqualTo(OptionalLong.of(0));
        assertThat(ProcessUser.effectiveUid(STATUS.formatted("1000"))).isEqualTo(OptionalLong.of(1000));
    }

    @Test
    void noUidLineOrAGarbledOneGivesNothing() {
        assertThat(ProcessUser.effectiveUid("Name:\tjava\n")).isEmpty();
        assertThat(ProcessUser.effectiveUid("Uid:\t1000\n")).isEmpty();
        assertThat(ProcessUser.effectiveUid("Uid:\tx\ty\n")).isEmpty();
    }

    @Test
    void agreesWithTheJdkOnThisMachine() {
        boolean jdkSaysRoot = new com.sun.security.auth.module.UnixSystem().getUid() == 0;
        assertThat(ProcessUser.isRoot()).as("procfs and the JDK see the same user").isEqualTo(jdkSaysRoot);
    }
}

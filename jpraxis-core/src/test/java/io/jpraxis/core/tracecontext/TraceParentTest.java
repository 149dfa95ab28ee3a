package io.jpraxis.core.tracecontext;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Examples from W3C Trace Context, section 3.2, and its edge cases. */
class TraceParentTest {
    private static final String TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String PARENT = "00f067aa0ba902b7";
    private static final String VALID = "00-" + TRACE + "-" + PARENT + "-01";

    @Test
    void parsesVersion00() {
        assertThat(TraceParent.parse(VALID)).isEqualTo(new TraceParent(TRACE, PARENT, 1));
        assertThat(TraceParent.parse("00-" + TRACE + "-" + PARENT + "-00")).isEqualTo(new TraceParent(TRACE, PARENT, 0));
    }

    @Test
    void keepsOnlyTheSampledFlag() {
        assertThat(TraceParent.parse("00-" + TRACE + "-" + PARENT + "-03").flags()).isEqualTo(1);
        assertThat(TraceParent.parse("00-" + TRACE + "-" + PARENT + "-fe").flags()).isEqualTo(0);
    }

    @Test
    void refusesMalformedValues() {
        String[] bad = {
            "", "garbage", VALID.substring(0, 54), VALID + "-", VALID + "0",
            "00-00000000000000000000000000000000-" + PARENT + "-01", // all-zero trace id
            "00-" + TRACE + "-0000000000000000-01",                   // all-zero parent id
            "00-" + TRACE.toUpperCase() + "-" + PARENT + "-01",      // upper-case hex
            "00-" + TRACE + "-" + PARENT.toUpperCase() + "-01",
            "00-" + TRACE + "-" + PARENT + "-0A",
            "0a-" + TRACE + "-" + PARENT + "-0g",
            "ff-" + TRACE + "-" + PARENT + "-01",                     // version ff is invalid
            "0-" + TRACE + "0-" + PARENT + "-01",
            "00_" + TRACE + "-" + PARENT + "-01",
            "00-" + TRACE + "_" + PARENT + "-01",
            "00-" + TRACE + "-" + PARENT + "_01",
            "00-" + TRACE.substring(1) + "x-" + PARENT + "-01",
            "zz-" + TRACE + "-" + PARENT + "-01",
            " " + VALID.substring(1),
        };
        for (String value : bad) {
            assertThat(TraceParent.parse(value)).as("'%s'", value).isNull();
        }
    }

    @Test
    void readsALaterVersionAsFarAsVersion00Goes() {
        assertThat(TraceParent.parse("cc-" + TRACE + "-" + PARENT + "-01"))
                .isEqualTo(new TraceParent(TRACE, PARENT, 1));
        assertThat(TraceParent.parse("02-" + TRACE + "-" + PARENT + "-01-what-the-future-holds"))
                .as("later fields follow a dash").isEqualTo(new TraceParent(TRACE, PARENT, 1));
        assertThat(TraceParent.parse("02-" + TRACE + "-" + PARENT + "-01x")).as("but only after a dash").isNull();
        assertThat(TraceParent.parse("02-" + TRACE + "-" + PARENT + "-0")).as("and never shorter").isNull();
    }

    @Test
    void rendersVersion00() {
        assertThat(TraceParent.render(TRACE, PARENT, 1)).isEqualTo(VALID);
        assertThat(TraceParent.render(TRACE, PARENT, 0)).isEqualTo("00-" + TRACE + "-" + PARENT + "-00");
    }
}

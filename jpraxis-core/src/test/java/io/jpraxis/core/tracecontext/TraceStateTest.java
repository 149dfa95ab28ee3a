package io.jpraxis.core.tracecontext;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** W3C Trace Context, section 3.3. */
class TraceStateTest {

    @Test
    void keepsValidMembersInOrder() {
        assertThat(TraceState.normalize(List.of("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7")))
                .isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    }

    @Test
    void joinsSeveralLinesAndDropsEmptyMembersAndWhiteSpace() {
        assertThat(TraceState.normalize(List.of("congo=t61rcWkgMzE ,\t", " , rojo=00f067aa0ba902b7")))
                .isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    }

    @Test
    void absentOrEmptyIsNothing() {
        assertThat(TraceState.normalize(List.of())).isNull();
        assertThat(TraceState.normalize(List.of("", " , "))).isNull();
    }

    @Test
    void acceptsMultiTenantKeysAndKeyCharacters() {
        assertThat(TraceState.normalize(List.of("tenant1@vendor=v", "a_b-c*d/e=1", "0x@y=2")))
                .isEqualTo("tenant1@vendor=v,a_b-c*d/e=1,0x@y=2");
    }

    @Test
    void anInvalidMemberInvalidatesTheWholeList() {
        String[] bad = {
            "Congo=1",            // upper-case key
            "1abc=1",             // a simple key starts with a letter
            "congo",              // no value
            "congo=",             // empty value
            "congo=a=b",          // '=' in a value
            "congo=\u00e9",       // not ASCII
            "@vendor=1",          // empty tenant
            "tenant@=1",          // empty system
            "tenant@Vendor=1",    // system starts lower-case
            "tenant@vendor1234567890=1", // system longer than 14
            "a@b@c=1",
            "k".repeat(257) + "=1",
            "k=" + "v".repeat(257),
        };
        for (String member : bad) {
            assertThat(TraceState.normalize(List.of("ok=1," + member))).as(member).isNull();
        }
    }

    @Test
    void longestKeysAndValuesAreKept() {
        String member = "k".repeat(256) + "=" + "v".repeat(256);
        assertThat(TraceState.normalize(List.of(member))).isEqualTo(member);
        String tenant = "t".repeat(241) + "@" + "s".repeat(14) + "=1";
        assertThat(TraceState.normalize(List.of(tenant))).isEqualTo(tenant);
        assertThat(TraceState.normalize(List.of("t".repeat(242) + "@s=1"))).isNull();
    }

    @Test
    void repeatedKeyInvalidatesTheList() {
        assertThat(TraceState.normalize(List.of("congo=1", "congo=2"))).isNull();
    }

    @Test
    void atMostThirtyTwoMembers() {
        List<String> members = new ArrayList<>();
        for (int i = 0; i < 32; i++) {
            members.add("k" + i + "=v");
        }
        assertThat(TraceState.normalize(members)).isEqualTo(String.join(",", members));
        members.add("k32=v");
        assertThat(TraceState.normalize(members)).as("33 members").isNull();
    }
}

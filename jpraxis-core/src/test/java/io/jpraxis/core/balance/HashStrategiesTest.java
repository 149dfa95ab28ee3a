package io.jpraxis.core.balance;

import static io.jpraxis.core.balance.BalancerFixtures.eject;
import static io.jpraxis.core.balance.BalancerFixtures.endpoint;
import static io.jpraxis.core.balance.BalancerFixtures.request;
import static io.jpraxis.core.balance.BalancerFixtures.states;
import static org.assertj.core.api.Assertions.assertThat;

import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.upstream.Endpoint;
import io.jpraxis.core.upstream.EndpointState;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Maglev and ring hash: stable per key, spread over endpoints, and minimal disruption when endpoints change. */
class HashStrategiesTest {
    private static final int KEYS = 10_000;
    private static final int N = 10;

    static Stream<Arguments> strategies() {
        return Stream.of(
                Arguments.of(Named.<Function<List<EndpointState>, Balancer>>of("maglev",
                        s -> new Maglev("backend", s, "x-key", 65_537))),
                Arguments.of(Named.<Function<List<EndpointState>, Balancer>>of("ring_hash",
                        s -> new RingHash("backend", s, "x-key", 256))));
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void addingAnEndpointMovesAboutItsShareOfKeys(Function<List<EndpointState>, Balancer> build) {
        Map<String, Endpoint> before = assign(build.apply(states(endpoints(N))));
        Map<String, Endpoint> after = assign(build.apply(states(endpoints(N + 1))));
        long moved = before.keySet().stream().filter(k -> !before.get(k).equals(after.get(k))).count();
        assertThat(moved).as("keys moved by adding an 11th endpoint to 10 (about 1/N)")
                .isBetween((long) (0.5 * KEYS / N), (long) (1.6 * KEYS / N));
        long elsewhere = before.keySet().stream().filter(k -> !before.get(k).equals(after.get(k)))
                .filter(k -> !after.get(k).equals(endpoint(N + 1, 1))).count();
        assertThat(elsewhere).as("keys that moved between the old endpoints (none on a ring, few with Maglev)")
                .isLessThan(KEYS / 50);
    }

    @Test
    void addingAnEndpointToTheRingMovesKeysOnlyToIt() {
        Map<String, Endpoint> before = assign(new RingHash("backend", states(endpoints(N)), "x-key", 256));
        Map<String, Endpoint> after = assign(new RingHash("backend", states(endpoints(N + 1)), "x-key", 256));
        assertThat(before.keySet()).as("a key either stays or moves to the new endpoint")
                .allMatch(k -> before.get(k).equals(after.get(k)) || after.get(k).equals(endpoint(N + 1, 1)));
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void anEjectedEndpointMovesOnlyItsOwnKeys(Function<List<EndpointState>, Balancer> build) {
        List<EndpointState> states = states(endpoints(N));
        Balancer balancer = build.apply(states);
        Map<String, Endpoint> before = assign(balancer);
        eject(states.get(3));
        Map<String, Endpoint> after = assign(balancer);
        Endpoint gone = states.get(3).endpoint();
        for (String k : before.keySet()) {
            assertThat(after.get(k)).as("key %s", k).isNotEqualTo(gone);
            if (!before.get(k).equals(gone)) {
                assertThat(after.get(k)).as("key %s was not on the ejected endpoint and stays put", k)
                        .isEqualTo(before.get(k));
            }
        }
        Map<Endpoint, Long> heirs = new HashMap<>();
        before.keySet().stream().filter(k -> before.get(k).equals(gone)).forEach(k -> heirs.merge(after.get(k), 1L,
                Long::sum));
        assertThat(heirs.size()).as("the ejected endpoint's keys spread over several others").isGreaterThan(3);
    }

    @Test
    void removingAnEndpointFromTheRingMovesOnlyItsOwnKeys() {
        List<Endpoint> all = new ArrayList<>(List.of(endpoints(N)));
        Map<String, Endpoint> before = assign(new RingHash("backend", states(all.toArray(Endpoint[]::new)), "x-key", 256));
        Endpoint gone = all.remove(4);
        Map<String, Endpoint> after = assign(new RingHash("backend", states(all.toArray(Endpoint[]::new)), "x-key", 256));
        assertThat(before.keySet()).as("keys not on the removed endpoint keep theirs")
                .allMatch(k -> before.get(k).equals(gone) || before.get(k).equals(after.get(k)));
    }

    @Test
    void removingAnEndpointFromMaglevMovesItsKeysAndFewOthers() {
        List<Endpoint> all = new ArrayList<>(List.of(endpoints(N)));
        Map<String, Endpoint> before = assign(new Maglev("backend", states(all.toArray(Endpoint[]::new)), "x-key",
                65_537));
        Endpoint gone = all.remove(4);
        Map<String, Endpoint> after = assign(new Maglev("backend", states(all.toArray(Endpoint[]::new)), "x-key",
                65_537));
        long others = before.keySet().stream().filter(k -> !before.get(k).equals(gone))
                .filter(k -> !before.get(k).equals(after.get(k))).count();
        assertThat(others).as("Maglev's table rebuild moves few keys that were not on the removed endpoint")
                .isLessThan(KEYS / 50);
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void spreadsKeysByWeightAndKeepsEachKeyOnOneEndpoint(Function<List<EndpointState>, Balancer> build) {
        Balancer balancer = build.apply(states(endpoint(1, 1), endpoint(2, 1), endpoint(3, 2)));
        Map<Endpoint, Long> counts = new HashMap<>();
        assign(balancer).values().forEach(e -> counts.merge(e, 1L, Long::sum));
        assertThat(counts.get(endpoint(3, 2))).as("weight 2 gets about half the keys").isBetween(4_300L, 5_700L);
        assertThat(counts.get(endpoint(1, 1))).as("weight 1 gets about a quarter").isBetween(1_900L, 3_100L);
        assertThat(assign(balancer)).as("the same key lands on the same endpoint").isEqualTo(assign(balancer));
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void hashesThePathWithoutTheHeader(Function<List<EndpointState>, Balancer> build) {
        Balancer balancer = build.apply(states(endpoints(N)));
        Endpoint first = balancer.pick(request("/users/7")).endpoint();
        assertThat(IntStream.range(0, 20).mapToObj(i -> balancer.pick(request("/users/7")).endpoint()))
                .as("one path, one endpoint").allMatch(first::equals);
        assertThat(IntStream.range(0, 200).mapToObj(i -> balancer.pick(request("/users/" + i)).endpoint())
                .distinct().count()).as("paths spread over all endpoints").isEqualTo(N);
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void aRetryTakesAnotherEndpointHealthyFirstThenNoneWhenAllWereTried(
            Function<List<EndpointState>, Balancer> build) {
        List<EndpointState> states = states(endpoints(4));
        Balancer balancer = build.apply(states);
        HeaderMap headers = new HeaderMap();
        headers.add("x-key", "user-42");
        EndpointState home = balancer.pick(request("/", headers));
        EndpointState unhealthy = states.stream().filter(e -> e != home).findFirst().orElseThrow();
        eject(unhealthy);
        EndpointState retry = balancer.reselect(request("/", headers), List.of(home));
        assertThat(retry).as("a healthy endpoint other than the one tried").isNotNull().isNotSameAs(home)
                .isNotSameAs(unhealthy);
        assertThat(balancer.reselect(request("/", headers), List.of(home, retry)))
                .as("healthy endpoints before the unhealthy one").isNotSameAs(unhealthy);
        assertThat(balancer.reselect(request("/", headers), states)).as("every endpoint tried").isNull();
    }

    private static Endpoint[] endpoints(int n) {
        return IntStream.rangeClosed(1, n).mapToObj(i -> endpoint(i, 1)).toArray(Endpoint[]::new);
    }

    private static Map<String, Endpoint> assign(Balancer balancer) {
        Map<String, Endpoint> out = new HashMap<>();
        for (int i = 0; i < KEYS; i++) {
            String key = "user-" + i;
            HeaderMap headers = new HeaderMap();
            headers.add("x-key", key);
            out.put(key, balancer.pick(request("/", headers)).endpoint());
        }
        return out;
    }
}

package io.jpraxis.ai.candidate;

import io.jpraxis.core.picker.EndpointSubset;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One selection group of one capability: members in list order, their shared admission, the
 * cumulative weights for {@code weightedRandom} and the round-robin counter, which lives as long as
 * the snapshot does.
 */
final class Group {
    final int number;
    final AdmissionState admission;
    final List<Candidate> members;
    /** {@code cumulative[i]} = the weights of members 0..i; a member without weight counts 0. */
    final long[] cumulative;
    final AtomicLong counter;

    Group(int number, List<Candidate> members) {
        this(number, members, members.get(0).admission(), new AtomicLong());
    }

    private Group(int number, List<Candidate> members, AdmissionState admission, AtomicLong counter) {
        this.number = number;
        this.members = List.copyOf(members);
        this.admission = admission;
        this.counter = counter;
        this.cumulative = new long[members.size()];
        long total = 0;
        for (int i = 0; i < members.size(); i++) {
            Long weight = members.get(i).trafficWeight();
            total += weight == null ? 0 : weight;
            cumulative[i] = total;
        }
    }

    long totalWeight() {
        return cumulative[cumulative.length - 1];
    }

    /**
     * This group narrowed to the members {@code subset} allows, with no members when none is; the
     * narrowed group shares this one's round-robin counter, so rotation goes on across requests.
     */
    Group within(EndpointSubset subset) {
        List<Candidate> allowed = members.stream().filter(c -> subset.allows(c.cluster())).toList();
        if (allowed.size() == members.size()) {
            return this;
        }
        return new Group(number, allowed, admission, counter);
    }
}

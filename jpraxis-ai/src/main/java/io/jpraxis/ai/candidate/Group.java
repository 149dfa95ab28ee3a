package io.jpraxis.ai.candidate;

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
    final AtomicLong counter = new AtomicLong();

    Group(int number, List<Candidate> members) {
        this.number = number;
        this.members = List.copyOf(members);
        this.admission = members.get(0).admission();
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
}

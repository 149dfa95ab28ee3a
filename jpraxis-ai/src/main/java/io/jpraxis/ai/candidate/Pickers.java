package io.jpraxis.ai.candidate;

/** The in-group policies (see docs/behaviour/intelligent-route.md#selection-order). */
final class Pickers {
    private Pickers() {
    }

    /** The member {@code mode} picks, or null when a weighted group weighs nothing. */
    static Candidate pick(Group group, SelectionMode mode, RandomSource random) {
        int size = group.members.size();
        return switch (mode) {
            case DETERMINISTIC -> group.members.get(0);
            // Unsigned remainder keeps the index in range after the counter wraps past Long.MAX_VALUE.
            case ROUND_ROBIN -> group.members.get((int) Long.remainderUnsigned(group.counter.getAndIncrement(), size));
            case RANDOM -> group.members.get((int) random.nextLong(size));
            case WEIGHTED_RANDOM -> weighted(group, random);
        };
    }

    /** A draw in [0, total) lands in the member whose cumulative interval holds it (70/30: 0-69, 70-99). */
    private static Candidate weighted(Group group, RandomSource random) {
        long total = group.totalWeight();
        if (total <= 0) {
            return null;
        }
        long draw = random.nextLong(total);
        long[] cumulative = group.cumulative;
        int low = 0;
        int high = cumulative.length - 1;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (draw < cumulative[mid]) {
                high = mid;
            } else {
                low = mid + 1;
            }
        }
        return group.members.get(low);
    }
}

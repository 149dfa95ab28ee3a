package io.jpraxis.ai.candidate;

/** What a request asks for: a kind and an exact, case-sensitive name. */
record Capability(CandidateKind kind, String name) {
    static Capability of(Candidate c) {
        return new Capability(c.kind(), c.name());
    }

    @Override
    public String toString() {
        return kind.wire() + " " + HeaderText.quote(name);
    }
}

package io.jpraxis.core.upstream;

/** Lets the balancer tests start a ramp as a reload would. */
public final class SlowStartTestAccess {
    private SlowStartTestAccess() {
    }

    public static void startRamp(EndpointState endpoint, long nanos) {
        endpoint.startRamp(nanos);
    }
}

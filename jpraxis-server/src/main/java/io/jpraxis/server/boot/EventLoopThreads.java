package io.jpraxis.server.boot;

/**
 * Recognises the threads Netty runs its event loops on, by class: Netty's own
 * {@code FastThreadLocalThread} and the relocated copy inside gRPC's shaded Netty, which the
 * ext_proc server runs on. Matched by simple name so that neither copy needs to be imported.
 */
final class EventLoopThreads {
    private static final ClassValue<Boolean> EVENT_LOOP = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            for (Class<?> c = type; c != null; c = c.getSuperclass()) {
                if (c.getSimpleName().equals("FastThreadLocalThread")) {
                    return true;
                }
            }
            return false;
        }
    };

    private EventLoopThreads() {
    }

    /** Whether threads of {@code type} are event loop threads, on which nothing may block. */
    static boolean is(Class<? extends Thread> type) {
        return EVENT_LOOP.get(type);
    }
}

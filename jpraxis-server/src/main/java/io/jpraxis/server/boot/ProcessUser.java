package io.jpraxis.server.boot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * Who this process runs as, found without native code of our own (see
 * docs/behaviour/feature-flags.md#startup-warnings).
 */
public final class ProcessUser {
    private static final Path PROC_STATUS = Path.of("/proc/self/status");

    private ProcessUser() {
    }

    /** Whether the effective UID is 0: from {@code /proc/self/status} on Linux, else from the JDK. */
    public static boolean isRoot() {
        try {
            OptionalLong uid = effectiveUid(Files.readString(PROC_STATUS));
            if (uid.isPresent()) {
                return uid.getAsLong() == 0;
            }
        } catch (IOException | RuntimeException e) {
            // No procfs (not Linux, or a sandbox): fall through to the JDK's view.
        }
        try {
            return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
        } catch (RuntimeException | LinkageError e) {
            return "root".equals(System.getProperty("user.name"));
        }
    }

    /**
     * The effective UID in a {@code /proc/<pid>/status} text: the second number of its
     * {@code Uid:} line (real, effective, saved, filesystem; proc(5)).
     */
    static OptionalLong effectiveUid(String procStatus) {
        for (String line : procStatus.split("\n")) {
            if (line.startsWith("Uid:")) {
                String[] ids = line.substring(4).trim().split("\\s+");
                if (ids.length >= 2 && ids[1].chars().allMatch(Character::isDigit) && !ids[1].isEmpty()) {
                    return OptionalLong.of(Long.parseLong(ids[1]));
                }
                return OptionalLong.empty();
            }
        }
        return OptionalLong.empty();
    }
}

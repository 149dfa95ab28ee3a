package io.jpraxis.bench.load;

import io.jpraxis.bench.floor.BareNettyProxy;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** How the suite starts the {@link TargetKind#NETTY_FLOOR} target. */
final class NettyFloor {
    static final String MAIN_CLASS = BareNettyProxy.class.getName();
    /** The options {@code ./jpraxis serve} gives its JVM on this JDK (see the launcher's defaults). */
    static final List<String> JVM_OPTIONS = jvmOptions(Runtime.version().feature());

    private NettyFloor() {
    }

    static List<String> jvmOptions(int jdk) {
        List<String> options = new ArrayList<>(List.of("-XX:+UseParallelGC", "-Xmn64m",
                "-Dio.netty.leakDetection.level=disabled", "-Dio.netty.jfr.enabled=false"));
        if (jdk >= 25) {
            options.add("-XX:+UseCompactObjectHeaders");
        }
        if (jdk >= 24) {
            options.add("--sun-misc-unsafe-memory-access=allow");
        }
        if (jdk >= 22) {
            options.add("--enable-native-access=ALL-UNNAMED"); // Netty's epoll library, without the JDK's warning
        }
        return List.copyOf(options);
    }

    /** The jar (or classes folder) this suite runs from, which holds the floor proxy too. */
    static Path benchJar() {
        try {
            return Path.of(NettyFloor.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the bench jar", e);
        }
    }
}

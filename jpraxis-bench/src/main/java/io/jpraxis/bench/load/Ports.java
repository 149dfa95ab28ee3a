package io.jpraxis.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** Picks free loopback ports, so the suite never collides with port 80 or another run. */
public final class Ports {
    private Ports() {
    }

    /** A port free on 127.0.0.1 right now (the kernel's pick; released again for the server). */
    public static int free() {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port", e);
        }
    }
}

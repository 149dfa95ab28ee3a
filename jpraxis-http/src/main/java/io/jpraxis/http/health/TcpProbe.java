package io.jpraxis.http.health;

import io.netty.channel.Channel;

/** {@code type: tcp}: the endpoint is healthy when a TCP connection opens within {@code timeout_ms}. */
final class TcpProbe implements ProbeRun.Exchange {
    static final TcpProbe INSTANCE = new TcpProbe();

    private TcpProbe() {
    }

    @Override
    public void initChannel(Channel channel, ProbeRun run) {
        // Nothing is exchanged: the handshake is the whole probe.
    }

    @Override
    public void connected(Channel channel, ProbeRun run) {
        run.finish(ProbeResult.PASSED);
    }
}

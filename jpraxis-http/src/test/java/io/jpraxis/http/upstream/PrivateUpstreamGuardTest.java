package io.jpraxis.http.upstream;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.resolver.DefaultAddressResolverGroup;
import io.netty.util.concurrent.DefaultEventExecutor;
import io.netty.util.concurrent.Future;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import org.junit.jupiter.api.Test;

class PrivateUpstreamGuardTest {
    private static InetSocketAddress at(String ip) throws Exception {
        return new InetSocketAddress(InetAddress.getByName(ip), 443);
    }

    @Test
    void hostNamesResolvingOutsidePublicSpaceAreRefused() throws Exception {
        assertThat(PrivateUpstreamGuard.refusal("api.example.com", at("10.1.2.3"))).contains("private");
        assertThat(PrivateUpstreamGuard.refusal("api.example.com", at("127.0.0.1"))).contains("loopback");
        assertThat(PrivateUpstreamGuard.refusal("metadata.internal", at("169.254.169.254")))
                .contains("cloud-metadata").contains("allow_private_upstreams");
    }

    @Test
    void publicAnswersAndLiteralsPass() throws Exception {
        assertThat(PrivateUpstreamGuard.refusal("api.example.com", at("93.184.216.34"))).isNull();
        assertThat(PrivateUpstreamGuard.refusal("127.0.0.1", at("127.0.0.1")))
                .as("literals were judged at config load").isNull();
        assertThat(PrivateUpstreamGuard.refusal("::1", at("::1"))).isNull();
    }

    @Test
    void resolverFailsTheConnectForALoopbackName() throws Exception {
        DefaultEventExecutor executor = new DefaultEventExecutor();
        try (PrivateUpstreamGuard guard = new PrivateUpstreamGuard(DefaultAddressResolverGroup.INSTANCE)) {
            Future<InetSocketAddress> resolved = guard.getResolver(executor)
                    .resolve(InetSocketAddress.createUnresolved("localhost", 80)).await();
            assertThat(resolved.isSuccess()).isFalse();
            assertThat(resolved.cause()).isInstanceOf(PrivateUpstreamGuard.PrivateUpstreamException.class);
            assertThat(Http1Connector.classify(resolved.cause())).isEqualTo(UpstreamFailure.PRIVATE_ADDRESS_REFUSED);
        } finally {
            executor.shutdownGracefully();
        }
    }
}

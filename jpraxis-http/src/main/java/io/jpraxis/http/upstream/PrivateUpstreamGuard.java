package io.jpraxis.http.upstream;

import io.jpraxis.config.load.AddressClass;
import io.jpraxis.config.load.IpLiterals;
import io.netty.resolver.AbstractAddressResolver;
import io.netty.resolver.AddressResolver;
import io.netty.resolver.AddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.Future;
import io.netty.util.concurrent.Promise;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;

/**
 * Refuses upstream host names whose DNS answer lands outside public address space (loopback,
 * private, link-local, cloud metadata) unless {@code insecure_options.allow_private_upstreams} is
 * set (see docs/behaviour/config-loading.md#insecure-options). IP literals are not checked here:
 * config loading already judged them against {@code allow_private_endpoints}. The check runs on
 * every connect, so a DNS answer that changes after startup cannot slip a private address in.
 */
public final class PrivateUpstreamGuard extends AddressResolverGroup<InetSocketAddress> {
    private final AddressResolverGroup<InetSocketAddress> delegate;

    public PrivateUpstreamGuard(AddressResolverGroup<InetSocketAddress> delegate) {
        this.delegate = delegate;
    }

    @Override
    protected AddressResolver<InetSocketAddress> newResolver(EventExecutor executor) {
        AddressResolver<InetSocketAddress> inner = delegate.getResolver(executor);
        return new AbstractAddressResolver<>(executor, InetSocketAddress.class) {
            @Override
            protected boolean doIsResolved(InetSocketAddress address) {
                return !address.isUnresolved();
            }

            @Override
            protected void doResolve(InetSocketAddress unresolved, Promise<InetSocketAddress> promise) {
                inner.resolve(unresolved).addListener((Future<InetSocketAddress> f) -> {
                    if (!f.isSuccess()) {
                        promise.tryFailure(f.cause());
                        return;
                    }
                    InetSocketAddress resolved = f.getNow();
                    String refusal = refusal(unresolved.getHostString(), resolved);
                    if (refusal == null) {
                        promise.trySuccess(resolved);
                    } else {
                        promise.tryFailure(new PrivateUpstreamException(refusal));
                    }
                });
            }

            @Override
            protected void doResolveAll(InetSocketAddress unresolved, Promise<List<InetSocketAddress>> promise) {
                inner.resolveAll(unresolved).addListener((Future<List<InetSocketAddress>> f) -> {
                    if (!f.isSuccess()) {
                        promise.tryFailure(f.cause());
                        return;
                    }
                    for (InetSocketAddress resolved : f.getNow()) {
                        String refusal = refusal(unresolved.getHostString(), resolved);
                        if (refusal != null) {
                            promise.tryFailure(new PrivateUpstreamException(refusal));
                            return;
                        }
                    }
                    promise.trySuccess(f.getNow());
                });
            }

            @Override
            public void close() {
                inner.close();
            }
        };
    }

    /** Why {@code host} resolving to {@code resolved} is refused, or null when it may be used. */
    static String refusal(String host, InetSocketAddress resolved) {
        if (IpLiterals.ipv4(host) != null || IpLiterals.ipv6(host) != null || resolved.getAddress() == null) {
            return null;
        }
        AddressClass range = AddressClass.of(resolved.getAddress().getAddress());
        if (range == AddressClass.PUBLIC) {
            return null;
        }
        return "upstream host " + host + " resolves to a " + range.label() + " address"
                + " (set insecure_options.allow_private_upstreams to allow it)";
    }

    @Override
    public void close() {
        super.close();
        delegate.close();
    }

    /** A DNS answer in a range the config does not allow. */
    public static final class PrivateUpstreamException extends UnknownHostException {
        PrivateUpstreamException(String message) {
            super(message);
        }
    }
}

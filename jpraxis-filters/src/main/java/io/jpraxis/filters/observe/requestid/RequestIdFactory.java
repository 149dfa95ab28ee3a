package io.jpraxis.filters.observe.requestid;

import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.read.MapReader;
import io.jpraxis.core.filter.HttpFilter;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.ReservedHeaders;
import io.jpraxis.core.pipeline.FilterBuildContext;
import io.jpraxis.core.pipeline.FilterDeclaration;
import io.jpraxis.core.pipeline.FilterFactory;
import io.jpraxis.core.pipeline.FilterReadContext;
import io.jpraxis.filters.support.HeaderRules;
import java.util.Optional;
import java.util.Set;

/** Builds {@code request_id} filters. */
public final class RequestIdFactory implements FilterFactory<RequestIdConfig> {
    /** The YAML type name. */
    public static final String TYPE = "request_id";
    /** Praxis's default header. */
    static final String DEFAULT_HEADER = "X-Request-ID";
    static final String HEADER_EXPECTATION = HeaderRules.NAME_EXPECTATION
            + " that is not host, a credential header (authorization, proxy-authorization, cookie, set-cookie,"
            + " x-api-key, api-key), a framing or hop-by-hop field, or reserved (x-praxis-*, x-ext-protocol-*,"
            + " x-ext-agent-*)";
    /**
     * A valid client value in the id header is kept as the request id, echoed on the response and
     * written to the access log, so the header must never be one that carries a secret.
     */
    private static final Set<String> CREDENTIAL_HEADERS = Set.of("authorization", "proxy-authorization", "cookie",
            "set-cookie", "x-api-key", "api-key");

    @Override
    public String type() {
        return TYPE;
    }

    @Override
    public Optional<ObjectDescriptor> options() {
        return Optional.of(RequestIdKeys.KEYS);
    }

    @Override
    public Optional<RequestIdConfig> read(MapReader options, FilterReadContext context) {
        String header = options.string("header_name").orElse(DEFAULT_HEADER);
        boolean valid = true;
        if (options.has("header_name") && !usable(header)) {
            options.invalid("header_name", HEADER_EXPECTATION);
            valid = false;
        }
        if (!options.finishCleanly() || !valid) {
            return Optional.empty();
        }
        return Optional.of(new RequestIdConfig(header));
    }

    @Override
    public FilterDeclaration declare(RequestIdConfig config) {
        return FilterDeclaration.NONE.withResponseHook(true);
    }

    @Override
    public HttpFilter create(RequestIdConfig config, FilterBuildContext context) {
        return new RequestIdFilter(config);
    }

    private static boolean usable(String header) {
        String lower = HeaderMap.normalize(header);
        // The id is set on requests and responses alike: it must not reframe or redirect either.
        return HeaderRules.isValidName(header) && !HeaderRules.HOP_BY_HOP.contains(lower)
                && !HeaderRules.FRAMING.contains(lower) && !lower.equals("host") && !CREDENTIAL_HEADERS.contains(lower)
                && !ReservedHeaders.isReserved(lower);
    }
}

package io.jpraxis.filters.traffic.endpointselector;

import static io.jpraxis.config.keys.KeyDescriptor.key;

import io.jpraxis.config.keys.KeyType;
import io.jpraxis.config.keys.ObjectDescriptor;
import io.jpraxis.config.load.ClusterReader;
import io.jpraxis.config.load.ClusterTlsReader;
import io.jpraxis.filters.support.HeaderListKeys;

/** The keys of an {@code endpoint_selector} entry. */
public final class EndpointSelectorKeys {
    public static final ObjectDescriptor KEYS = ObjectDescriptor.of("Sends the request to the host:port an earlier "
            + "filter wrote into a header, instead of an endpoint a load balancer picks; the client's own copy of "
            + "that header never counts.",
            key("source_header", HeaderListKeys.NAME, "The request header an earlier filter writes the endpoint "
                    + "into; the client's copy is removed before the first filter runs.").asRequired()
                    .withRule(HeaderListKeys.NAME_RULE + "; not host, a credential, framing or hop-by-hop header, "
                            + "nor reserved (x-praxis-*, x-ext-protocol-*, x-ext-agent-*)"),
            key("strip_header", KeyType.bool(), "Remove the header before the request goes upstream.")
                    .withDefault(true),
            key("required", KeyType.bool(), "Answer status_on_required_failure when no filter set the header, "
                    + "instead of letting a later load_balancer pick.").withDefault(false),
            key("status_on_required_failure", KeyType.integer(EndpointSelectorConfig.MIN_STATUS,
                    EndpointSelectorConfig.MAX_STATUS), "The status answered when the header is missing and "
                    + "required, or holds anything but one valid host:port.")
                    .withDefault(EndpointSelectorConfig.DEFAULT_STATUS),
            key("connection", KeyType.object(ClusterReader.CONNECTION_TIMEOUTS), "Timeouts of the connections to "
                    + "the selected endpoints, as a cluster's; unset: the transport's defaults."),
            key("tls", KeyType.object(ClusterTlsReader.KEYS), "TLS to the selected endpoints, in a cluster's tls "
                    + "shape; unset: plain TCP."));

    private EndpointSelectorKeys() {
    }
}

package io.jpraxis.extproc.config;

import io.jpraxis.config.model.GatewayConfig;

/**
 * A loaded ext_proc config: its {@code server} block and, as a gateway config, its chains under
 * one synthetic listener ({@link ExtProcConfigReader#LISTENER}) whose pipeline is every
 * {@code filter_chains} entry in order, so the gateway's compiler builds it unchanged.
 */
public record ExtProcConfig(ExtProcServerConfig server, GatewayConfig gateway) {
}

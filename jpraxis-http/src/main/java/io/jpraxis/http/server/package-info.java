/**
 * The HTTP/1.1 server: sockets per listener, the per-connection handler that runs exchanges in
 * order, connection caps and graceful stop. Entry point: {@link io.jpraxis.http.server.HttpGateway}.
 */
package io.jpraxis.http.server;

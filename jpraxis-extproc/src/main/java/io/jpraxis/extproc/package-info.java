/** Envoy external processor (ext_proc) service: adapts gRPC streams to the compiled pipeline. */
package io.jpraxis.extproc;

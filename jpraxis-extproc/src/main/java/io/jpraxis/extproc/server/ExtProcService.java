package io.jpraxis.extproc.server;

import io.envoyproxy.envoy.service.ext_proc.v3.ExternalProcessorGrpc;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingRequest;
import io.envoyproxy.envoy.service.ext_proc.v3.ProcessingResponse;
import io.grpc.stub.StreamObserver;
import io.jpraxis.extproc.stream.StreamProcessor;
import io.jpraxis.extproc.stream.StreamSettings;

/** {@code envoy.service.ext_proc.v3.ExternalProcessor}: one {@link StreamProcessor} per {@code Process} stream. */
final class ExtProcService extends ExternalProcessorGrpc.ExternalProcessorImplBase {
    private final StreamSettings settings;

    ExtProcService(StreamSettings settings) {
        this.settings = settings;
    }

    @Override
    public StreamObserver<ProcessingRequest> process(StreamObserver<ProcessingResponse> responses) {
        return new StreamProcessor(settings, responses);
    }
}

package io.jpraxis.extproc.emulator;

import com.google.protobuf.Struct;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A client request as Envoy's HTTP connection manager hands it to the ext_proc filter. */
public final class EmulatedRequest {
    String method = "GET";
    String path = "/";
    String authority = "gateway.example";
    final List<Map.Entry<String, String>> headers = new ArrayList<>();
    byte[] body = new byte[0];
    int chunkBytes = 16 * 1024;
    final Map<String, Struct> filterMetadata = new LinkedHashMap<>();

    public static EmulatedRequest get(String path) {
        EmulatedRequest r = new EmulatedRequest();
        r.path = path;
        return r;
    }

    public static EmulatedRequest post(String path, byte[] body) {
        EmulatedRequest r = get(path);
        r.method = "POST";
        r.body = body;
        return r;
    }

    public EmulatedRequest header(String name, String value) {
        headers.add(Map.entry(name, value));
        return this;
    }

    public EmulatedRequest authority(String value) {
        authority = value;
        return this;
    }

    /** How Envoy splits the body into STREAMED / FULL_DUPLEX pieces. */
    public EmulatedRequest chunkBytes(int size) {
        chunkBytes = size;
        return this;
    }

    /** Request filter metadata Envoy forwards in {@code metadata_context} (e.g. the subset hint). */
    public EmulatedRequest filterMetadata(String namespace, Struct value) {
        filterMetadata.put(namespace, value);
        return this;
    }
}

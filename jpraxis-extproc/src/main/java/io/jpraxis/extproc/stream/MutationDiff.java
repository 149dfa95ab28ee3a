package io.jpraxis.extproc.stream;

import com.google.protobuf.ByteString;
import io.envoyproxy.envoy.config.core.v3.HeaderValue;
import io.envoyproxy.envoy.config.core.v3.HeaderValueOption;
import io.envoyproxy.envoy.config.core.v3.HeaderValueOption.HeaderAppendAction;
import io.envoyproxy.envoy.service.ext_proc.v3.HeaderMutation;
import io.jpraxis.core.http.HeaderMap;
import io.jpraxis.core.http.LocalResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The header mutation that turns what Envoy holds into what the pipeline left: a name whose
 * values changed or appeared is set (first value overwriting, the rest appended), a name that
 * vanished is removed. Removals matter: they carry the anti-spoofing strips (owned headers,
 * {@code route_header}) to Envoy, which would otherwise forward the client's forged copies.
 */
final class MutationDiff {
    static final String CONTENT_LENGTH = "content-length";

    private MutationDiff() {
    }

    /**
     * @param before the headers as Envoy holds them
     * @param after the headers after the pipeline; {@code host} maps to {@code :authority}
     */
    static HeaderMutation.Builder of(HeaderMap before, HeaderMap after) {
        return of(before, after, Set.of());
    }

    /**
     * As {@link #of(HeaderMap, HeaderMap)}, also removing every name in {@code stripped} (client
     * copies the ingress policy took away) even when a filter set it again: Envoy applies removals
     * before sets, so the strip stays explicit and the set still wins.
     */
    static HeaderMutation.Builder of(HeaderMap before, HeaderMap after, Set<String> stripped) {
        HeaderMutation.Builder m = HeaderMutation.newBuilder();
        for (String name : names(after)) {
            List<String> now = after.getAll(name);
            if (!now.equals(before.getAll(name))) {
                String wire = name.equals("host") ? HeaderConversion.AUTHORITY : name;
                for (int i = 0; i < now.size(); i++) {
                    m.addSetHeaders(option(wire, now.get(i), i == 0));
                }
            }
        }
        for (String name : names(before)) {
            boolean strip = !after.contains(name) || stripped.contains(name);
            if (strip && !name.equals("host")) { // :authority cannot be removed
                m.addRemoveHeaders(name);
            }
        }
        return m;
    }

    /**
     * Makes {@code m} set {@code content-length} to {@code length}, replacing any value the diff
     * carried: the length of a body the processor replaced. Envoy keeps the client's (or origin's)
     * length in BUFFERED mode and refuses a body whose size differs from it with a local 500, so a
     * replacement of another size must bring its own.
     */
    static void setContentLength(HeaderMutation.Builder m, long length) {
        for (int i = m.getSetHeadersCount() - 1; i >= 0; i--) {
            if (m.getSetHeaders(i).getHeader().getKey().equalsIgnoreCase(CONTENT_LENGTH)) {
                m.removeSetHeaders(i);
            }
        }
        m.addSetHeaders(option(CONTENT_LENGTH, Long.toString(length), true));
    }

    /** Removals of {@code names} alone: the ingress strips, sent before the pipeline's decision. */
    static HeaderMutation.Builder removals(Set<String> names) {
        HeaderMutation.Builder m = HeaderMutation.newBuilder();
        for (String name : names) {
            if (!name.equals("host")) { // :authority cannot be removed
                m.addRemoveHeaders(name);
            }
        }
        return m;
    }

    /** Whether {@code m} changes anything besides removing names in {@code removed}. */
    static boolean changesBeyond(HeaderMutation.Builder m, Set<String> removed) {
        return m.getSetHeadersCount() > 0 || m.getRemoveHeadersList().stream().anyMatch(n -> !removed.contains(n));
    }

    /** Every header of a local response as sets (for an ImmediateResponse). */
    static HeaderMutation.Builder sets(LocalResponse response) {
        HeaderMutation.Builder m = HeaderMutation.newBuilder();
        HeaderMap h = response.headers();
        for (String name : names(h)) {
            List<String> values = h.getAll(name);
            for (int i = 0; i < values.size(); i++) {
                m.addSetHeaders(option(name, values.get(i), i == 0));
            }
        }
        return m;
    }

    /** One set; the first value of a name overwrites, later ones append. */
    static HeaderValueOption option(String name, String value, boolean overwrite) {
        return HeaderValueOption.newBuilder()
                .setHeader(HeaderValue.newBuilder().setKey(name)
                        .setRawValue(ByteString.copyFrom(value, StandardCharsets.ISO_8859_1)))
                .setAppendAction(overwrite ? HeaderAppendAction.OVERWRITE_IF_EXISTS_OR_ADD
                        : HeaderAppendAction.APPEND_IF_EXISTS_OR_ADD)
                .build();
    }

    /** Distinct names in first-appearance order (never a hash order: the wire order is observable). */
    private static Set<String> names(HeaderMap h) {
        Set<String> names = new LinkedHashSet<>();
        h.forEach((n, v) -> names.add(n));
        return names;
    }
}

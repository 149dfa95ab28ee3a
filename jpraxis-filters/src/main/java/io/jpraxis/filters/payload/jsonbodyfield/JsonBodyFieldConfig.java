package io.jpraxis.filters.payload.jsonbodyfield;

import java.util.List;

/**
 * The {@code json_body_field} filter's config (see
 * docs/behaviour/body-access.md#promoting-json-fields). Written either as one {@code field} and
 * {@code header}, or as a {@code fields} list of them; both become {@link #fields}.
 *
 * @param fields which top-level JSON field goes to which request header, in order
 * @param maxBodyBytes the most request body bytes the filter buffers to read the fields
 */
public record JsonBodyFieldConfig(List<FieldMapping> fields, long maxBodyBytes) {
    /**
     * Praxis's default JSON inspection buffer (see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    public static final long DEFAULT_MAX_BODY_BYTES = 10L * 1024 * 1024;
    /**
     * Praxis's ceiling for JSON inspection buffers (see
     * docs/behaviour/body-access.md#access-and-delivery-modes).
     */
    public static final long MAX_BODY_BYTES = 64L * 1024 * 1024;

    public JsonBodyFieldConfig {
        fields = List.copyOf(fields);
    }

    /** One promotion: the value of top-level {@code field} becomes request header {@code header}. */
    public record FieldMapping(String field, String header) {
    }
}

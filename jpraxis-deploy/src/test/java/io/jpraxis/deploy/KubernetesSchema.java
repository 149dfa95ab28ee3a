package io.jpraxis.deploy;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.gson.JsonElement;
import com.google.gson.JsonParser;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;

/**
 * Strict validation of one Kubernetes object against the Kubernetes OpenAPI spec, through the
 * official Java model (io.kubernetes:client-java-api, generated from that spec): its
 * {@code validateJsonElement} refuses a field the spec does not define and a missing required
 * field, at every level it descends into, and a string field holding an object or an array. The
 * model class is picked from apiVersion and kind ({@code apps/v1 Deployment} is
 * {@code V1Deployment}), so an object of a kind or version the spec lacks fails too.
 */
final class KubernetesSchema {
    private static final String MODELS = "io.kubernetes.client.openapi.models.";

    private KubernetesSchema() {
    }

    /** Throws {@link IllegalArgumentException} naming the offending field when the object is not valid. */
    static void validate(JsonNode object) {
        String apiVersion = object.path("apiVersion").asText();
        String kind = object.path("kind").asText();
        if (apiVersion.isEmpty() || kind.isEmpty()) {
            throw new IllegalArgumentException("an object without apiVersion or kind: " + object);
        }
        String version = apiVersion.substring(apiVersion.indexOf('/') + 1);
        String className = MODELS + Character.toUpperCase(version.charAt(0)) + version.substring(1) + kind;
        Method validator;
        try {
            validator = Class.forName(className).getMethod("validateJsonElement", JsonElement.class);
        } catch (ClassNotFoundException | NoSuchMethodException e) {
            throw new IllegalArgumentException(apiVersion + " " + kind + " is not in the Kubernetes API spec", e);
        }
        JsonElement json = JsonParser.parseString(object.toString());
        try {
            validator.invoke(null, json);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof IllegalArgumentException refused) {
                throw new IllegalArgumentException(kind + " " + object.at("/metadata/name").asText() + ": "
                        + refused.getMessage(), refused);
            }
            throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}

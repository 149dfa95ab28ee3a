package io.jpraxis.ai.modelrewrite;

import com.fasterxml.jackson.core.io.JsonStringEncoder;
import io.jpraxis.ai.modelrewrite.ModelRewriteConfig.Rule;
import io.jpraxis.core.binding.ClusterTags;
import io.jpraxis.filters.support.json.TopLevelStringSpans;
import io.jpraxis.filters.support.json.TopLevelStringSpans.Span;
import java.io.ByteArrayOutputStream;
import java.util.List;

/**
 * The rewrite itself, free of any request: finds the top-level {@code model} string members of a
 * JSON body and splices each rule's {@code to} in place of a matching {@code from}, leaving every
 * other byte as the client sent it. A repeated {@code model} key is rewritten at each occurrence,
 * so no reader of the body, whichever occurrence it takes, still sees the alias.
 */
public final class ModelRewriter {
    private final List<Rule> rules;

    ModelRewriter(List<Rule> rules) {
        this.rules = List.copyOf(rules);
    }

    /**
     * {@code body} with every top-level {@code model} equal to {@code from} set to {@code to}, or
     * null when nothing changes (a {@code model_failover} entry's own name for the model).
     */
    public static byte[] rename(byte[] body, String from, String to) {
        return new ModelRewriter(List.of(new Rule(from, to, null))).rewrite(body, null);
    }

    /**
     * The rewritten body, or null when nothing changes: not a JSON object, no string {@code model},
     * or no rule matching {@code tags} (null when no binding exists) and the model.
     */
    byte[] rewrite(byte[] body, ClusterTags tags) {
        List<Span> spans = TopLevelStringSpans.find(body, ModelRewriteConfig.FIELD);
        ByteArrayOutputStream out = null;
        int copied = 0;
        for (Span span : spans) {
            String to = target(span.value(), tags);
            if (to == null) {
                continue;
            }
            if (out == null) {
                out = new ByteArrayOutputStream(body.length + 64);
            }
            out.write(body, copied, span.start() - copied);
            out.write('"');
            out.writeBytes(JsonStringEncoder.getInstance().quoteAsUTF8(to));
            out.write('"');
            copied = span.end();
        }
        if (out == null) {
            return null;
        }
        out.write(body, copied, body.length - copied);
        return out.toByteArray();
    }

    private String target(String model, ClusterTags tags) {
        for (Rule rule : rules) {
            boolean applies = rule.when() == null || (tags != null && tags.satisfies(rule.when()));
            if (applies && rule.from().equals(model)) {
                return rule.to();
            }
        }
        return null;
    }
}

package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.config.tree.ConfigNode;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Arr;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Kind;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Leaf;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Member;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Obj;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Locale;
import java.util.Optional;

/** A YAML {@code value} as the JSON value it stands for. */
final class ConfigJson {
    private ConfigJson() {
    }

    /** The JSON form of {@code node}; empty when it holds something JSON cannot say ({@code .inf}, {@code .nan}). */
    static Optional<JsonDoc> of(ConfigNode node) {
        return switch (node) {
            case ConfigNode.MapNode m -> {
                Obj obj = new Obj();
                for (ConfigNode.MapNode.Entry e : m.entries()) {
                    Optional<JsonDoc> v = of(e.value());
                    if (v.isEmpty()) {
                        yield Optional.empty();
                    }
                    obj.members().add(new Member(e.key(), v.get()));
                }
                yield Optional.of(obj);
            }
            case ConfigNode.ListNode l -> {
                Arr arr = new Arr();
                for (ConfigNode item : l.items()) {
                    Optional<JsonDoc> v = of(item);
                    if (v.isEmpty()) {
                        yield Optional.empty();
                    }
                    arr.elements().add(v.get());
                }
                yield Optional.of(arr);
            }
            case ConfigNode.ScalarNode s -> scalar(s);
            case ConfigNode.NullNode n -> Optional.of(Leaf.NULL);
        };
    }

    private static Optional<JsonDoc> scalar(ConfigNode.ScalarNode s) {
        return switch (s.kind()) {
            case STRING -> Optional.of(Leaf.string(s.text()));
            case BOOL -> Optional.of(new Leaf(Kind.BOOLEAN, s.text().toLowerCase(Locale.ROOT)));
            case INT -> Optional.of(new Leaf(Kind.NUMBER, new BigInteger(s.text()).toString()));
            case FLOAT -> floating(s.text());
        };
    }

    private static Optional<JsonDoc> floating(String text) {
        try {
            return Optional.of(new Leaf(Kind.NUMBER, new BigDecimal(text).toString()));
        } catch (NumberFormatException e) {
            return Optional.empty(); // .inf, .nan: no JSON spelling
        }
    }
}

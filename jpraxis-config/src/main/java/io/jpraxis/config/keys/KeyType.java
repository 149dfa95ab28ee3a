package io.jpraxis.config.keys;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * The shape of one config value: a scalar with its limits, a list, a nested map, a map of free
 * keys, a reference to a shared definition, or one of several shapes. Limits live in the type so
 * the reader, the schema and the reference table all take them from the same place.
 */
public sealed interface KeyType {

    /** A string, optionally bounded in length (characters). */
    record Text(Integer minLength, Integer maxLength) implements KeyType {
        public static final Text ANY = new Text(null, null);
    }

    /** An integer from {@code min} to {@code max}, both included. */
    record Int(long min, long max) implements KeyType {
    }

    /**
     * A finite number greater than {@code exclusiveMin} and at most {@code max}; {@code expectation}
     * is what a wrong value is told it should have been.
     */
    record Num(double exclusiveMin, double max, String expectation) implements KeyType {
        /** The exclusive minimum that admits 0 and nothing below it (0 to {@code max}, both included). */
        public static final double FROM_ZERO = -Double.MIN_VALUE;
    }

    /** {@code true} or {@code false}. */
    record Bool() implements KeyType {
    }

    /** Any scalar (string, number or boolean), read as its text. */
    record Scalar() implements KeyType {
    }

    /** One of a closed set of strings. */
    record Choice(List<String> values) implements KeyType {
        public Choice {
            values = List.copyOf(values);
        }
    }

    /** A list of items of one type, with at least {@code minItems} and at most {@code maxItems} (null: no cap). */
    record ListOf(KeyType item, int minItems, Integer maxItems) implements KeyType {
    }

    /** A nested map whose keys are described. */
    record Obj(ObjectDescriptor object) implements KeyType {
        public Obj {
            if (object == null) {
                throw new IllegalArgumentException("no descriptor (a static initialisation cycle?)");
            }
        }
    }

    /** A map whose keys are free (header names, say), every value of one type. */
    record MapOf(KeyType values, int minEntries) implements KeyType {
    }

    /**
     * A map described elsewhere under {@code id}, resolved lazily so descriptors may refer to each
     * other in a cycle (a filter entry holds branches whose inline chains hold filter entries).
     */
    record Ref(String id, Supplier<ObjectDescriptor> target) implements KeyType {
        public ObjectDescriptor resolve() {
            return target.get();
        }
    }

    /** Exactly one of several shapes ({@code "host:port"} or {@code {address, weight}}). */
    record OneOf(List<KeyType> shapes) implements KeyType {
        public OneOf {
            shapes = List.copyOf(shapes);
        }
    }

    /** Anything: a value whose keys a later phase reads (a filter's own options without a descriptor). */
    record Open() implements KeyType {
    }

    static Text text() {
        return Text.ANY;
    }

    static Int integer(long min, long max) {
        return new Int(min, max);
    }

    static Bool bool() {
        return new Bool();
    }

    /** The YAML names of an enum's constants (lower-case), in declaration order. */
    static <E extends Enum<E>> Choice choice(Class<E> type) {
        List<String> values = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            values.add(constant.name().toLowerCase(Locale.ROOT));
        }
        return new Choice(values);
    }

    static ListOf listOf(KeyType item) {
        return new ListOf(item, 0, null);
    }

    static ListOf listOf(KeyType item, int minItems, Integer maxItems) {
        return new ListOf(item, minItems, maxItems);
    }

    static Obj object(ObjectDescriptor object) {
        return new Obj(object);
    }

    static OneOf oneOf(KeyType... shapes) {
        return new OneOf(List.of(shapes));
    }

    static Ref ref(String id, Supplier<ObjectDescriptor> target) {
        return new Ref(id, target);
    }
}

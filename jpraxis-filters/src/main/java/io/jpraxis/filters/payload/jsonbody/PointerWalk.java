package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.filters.payload.jsonbody.JsonDoc.Arr;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Leaf;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Member;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Obj;
import java.util.ArrayList;
import java.util.List;

/**
 * Evaluates JSON pointers over a {@link JsonDoc} (RFC 6901 section 4). An object token matches
 * every member of that name (a body may repeat one); an array token matches only a canonical index
 * ({@code 0}, or digits without a leading zero) inside the array; {@code -} never matches an
 * existing element.
 */
final class PointerWalk {
    private PointerWalk() {
    }

    /** Every value {@code tokens} reach from {@code root}, in document order. */
    static List<JsonDoc> find(JsonDoc root, List<String> tokens) {
        List<JsonDoc> current = List.of(root);
        for (String token : tokens) {
            List<JsonDoc> next = new ArrayList<>();
            for (JsonDoc v : current) {
                step(v, token, next);
            }
            if (next.isEmpty()) {
                return next;
            }
            current = next;
        }
        return current;
    }

    private static void step(JsonDoc v, String token, List<JsonDoc> out) {
        switch (v) {
            case Obj obj -> {
                for (Member m : obj.members()) {
                    if (m.name().equals(token)) {
                        out.add(m.value());
                    }
                }
            }
            case Arr arr -> {
                int i = index(token);
                if (i >= 0 && i < arr.elements().size()) {
                    out.add(arr.elements().get(i));
                }
            }
            case Leaf leaf -> {
                // a scalar has no members
            }
        }
    }

    /** The array index {@code token} spells, or -1 (for {@code -}, a leading zero, a non-number). */
    static int index(String token) {
        int n = token.length();
        if (n == 0 || n > 9 || (n > 1 && token.charAt(0) == '0')) {
            return -1;
        }
        int value = 0;
        for (int i = 0; i < n; i++) {
            char c = token.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}

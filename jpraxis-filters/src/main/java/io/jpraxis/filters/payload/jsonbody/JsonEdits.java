package io.jpraxis.filters.payload.jsonbody;

import io.jpraxis.filters.payload.jsonbody.JsonDoc.Arr;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Leaf;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Member;
import io.jpraxis.filters.payload.jsonbody.JsonDoc.Obj;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * The mutating operations of one direction over a parsed document. Every pointer addresses the
 * document as it arrived: removal targets are found before anything is written, replaces and adds
 * never shift an existing element, and removals happen last. Pointers of one direction never
 * overlap (checked at load), so the result does not depend on the order of the lists.
 */
final class JsonEdits {
    private JsonEdits() {
    }

    /** A value to write, or empty when its source has none for this request (the operation is skipped). */
    interface Sources extends Function<JsonBodyConfig.ValueSource, Optional<JsonDoc>> {
    }

    /**
     * Applies the operations to {@code root}.
     *
     * @return whether anything was changed
     */
    static boolean apply(JsonDoc root, List<JsonBodyConfig.Write> replace, List<JsonBodyConfig.Write> add,
            List<JsonPointer> remove, Sources sources) {
        List<Runnable> removals = new ArrayList<>();
        for (JsonPointer p : remove) {
            for (JsonDoc parent : PointerWalk.find(root, p.parent().tokens())) {
                removal(parent, p.last(), removals);
            }
        }
        boolean changed = !removals.isEmpty();
        for (JsonBodyConfig.Write w : replace) {
            Optional<JsonDoc> value = sources.apply(w.source());
            if (value.isPresent()) {
                changed |= write(root, w.pointer(), value.get(), false);
            }
        }
        for (JsonBodyConfig.Write w : add) {
            Optional<JsonDoc> value = sources.apply(w.source());
            if (value.isPresent()) {
                changed |= write(root, w.pointer(), value.get(), true);
            }
        }
        removals.forEach(Runnable::run);
        return changed;
    }

    /** Remove drops every member of that name, or the element at that index. */
    private static void removal(JsonDoc parent, String token, List<Runnable> removals) {
        switch (parent) {
            case Obj obj -> {
                for (Member m : obj.members()) {
                    if (m.name().equals(token)) {
                        removals.add(() -> obj.members().removeIf(x -> x == m));
                    }
                }
            }
            case Arr arr -> {
                int i = PointerWalk.index(token);
                if (i >= 0 && i < arr.elements().size()) {
                    JsonDoc target = arr.elements().get(i);
                    removals.add(() -> arr.elements().removeIf(x -> x == target));
                }
            }
            case Leaf leaf -> {
                // a scalar has no members
            }
        }
    }

    /** Replace rewrites every match; add also inserts when absent ({@code -} or the next index on arrays). */
    private static boolean write(JsonDoc root, JsonPointer pointer, JsonDoc value, boolean insert) {
        boolean changed = false;
        String token = pointer.last();
        for (JsonDoc parent : PointerWalk.find(root, pointer.parent().tokens())) {
            changed |= switch (parent) {
                case Obj obj -> writeMember(obj, token, value, insert);
                case Arr arr -> writeElement(arr, token, value, insert);
                case Leaf leaf -> false;
            };
        }
        return changed;
    }

    private static boolean writeMember(Obj obj, String name, JsonDoc value, boolean insert) {
        boolean found = false;
        for (Member m : obj.members()) {
            if (m.name().equals(name)) {
                m.value = value;
                found = true;
            }
        }
        if (!found && insert) {
            obj.members().add(new Member(name, value));
            return true;
        }
        return found;
    }

    private static boolean writeElement(Arr arr, String token, JsonDoc value, boolean insert) {
        List<JsonDoc> elements = arr.elements();
        int i = token.equals("-") ? elements.size() : PointerWalk.index(token);
        if (i >= 0 && i < elements.size()) {
            elements.set(i, value);
            return true;
        }
        if (insert && i == elements.size()) {
            elements.add(value);
            return true;
        }
        return false;
    }
}

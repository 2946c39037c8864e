package dev.recaudo.rest.common;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** Collects every field problem of a request, so the client learns all of them in one answer. */
public final class FieldErrors {

    private final Map<String, List<String>> errors = new LinkedHashMap<>();

    public FieldErrors add(String field, String message) {
        errors.computeIfAbsent(field, f -> new ArrayList<>()).add(message);
        return this;
    }

    /** Whether {@code field} has a problem already, so that rules which need its value can be skipped. */
    public boolean has(String field) {
        return errors.containsKey(field);
    }

    public boolean isEmpty() {
        return errors.isEmpty();
    }

    public void copyTo(FieldErrors other) {
        forEach(other::add);
    }

    /** Every problem, field by field in the order they were first named, each field's messages in the order added. */
    public void forEach(BiConsumer<String, String> each) {
        errors.forEach((field, messages) -> messages.forEach(message -> each.accept(field, message)));
    }

    /** Throws a validation problem when anything was collected. */
    public void throwIfAny() {
        if (errors.isEmpty()) {
            return;
        }
        throw new ApiProblem(Problem.VALIDATION, summary(), errors);
    }

    private String summary() {
        StringBuilder text = new StringBuilder("The request is invalid: ");
        String separator = "";
        for (Map.Entry<String, List<String>> entry : errors.entrySet()) {
            for (String message : entry.getValue()) {
                text.append(separator).append(entry.getKey()).append(' ').append(message);
                separator = "; ";
            }
        }
        return text.toString();
    }
}

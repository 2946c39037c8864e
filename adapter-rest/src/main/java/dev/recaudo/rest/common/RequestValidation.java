package dev.recaudo.rest.common;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Checks a request record's constraint annotations (its shape rules) and adds every violation to
 * the request's {@link FieldErrors}, named by the field as the JSON names it ({@code @JsonProperty}
 * or the record component, {@code documents[0].amountMinor} inside lists). The {@code *Requests}
 * classes call it before their hand-written rules, so the client gets every problem in one answer
 * in its family's envelope. Violations come in record component order, whatever order the
 * validator found them in; a field's own come in the order its annotations are written, so a
 * length is named before the shape the too long text also misses.
 */
@ApplicationScoped
public class RequestValidation {

    private final Validator validator;

    public RequestValidation(Validator validator) {
        this.validator = validator;
    }

    public void check(Object request, FieldErrors errors) {
        List<Named> named = new ArrayList<>();
        for (ConstraintViolation<Object> violation : validator.validate(request)) {
            named.add(name(request.getClass(), violation));
        }
        named.sort(Comparator.comparing(Named::order, RequestValidation::compareOrder).thenComparingInt(Named::declared)
                .thenComparing(Named::message));
        named.forEach(violation -> errors.add(violation.field(), violation.message()));
    }

    private static Named name(Class<?> root, ConstraintViolation<Object> violation) {
        StringBuilder field = new StringBuilder();
        List<Integer> order = new ArrayList<>();
        int declared = 0;
        Type type = root;
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.isInIterable() && node.getIndex() != null) {
                field.append('[').append(node.getIndex()).append(']');
                order.add(node.getIndex());
            }
            if (node.getKind() != ElementKind.PROPERTY) {
                continue;
            }
            RecordComponent[] components = raw(type).getRecordComponents();
            int index = indexOf(components, node.getName());
            RecordComponent component = components[index];
            declared = declaredAt(raw(type), component, violation.getConstraintDescriptor().getAnnotation());
            JsonProperty json = component.getAccessor().getAnnotation(JsonProperty.class);
            field.append(field.isEmpty() ? "" : ".").append(json == null ? component.getName() : json.value());
            order.add(index);
            type = elementType(component.getGenericType());
        }
        return new Named(field.toString(), violation.getMessage(), order, declared);
    }

    /** Where the violated constraint is written among the annotations of the component's field; -1 when it is not one of them. */
    private static int declaredAt(Class<?> record, RecordComponent component, Annotation constraint) {
        try {
            return Arrays.asList(record.getDeclaredField(component.getName()).getDeclaredAnnotations()).indexOf(constraint);
        } catch (NoSuchFieldException impossible) {
            throw new IllegalStateException("A record has a field for each component", impossible);
        }
    }

    private static int indexOf(RecordComponent[] components, String name) {
        for (int i = 0; i < components.length; i++) {
            if (components[i].getName().equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("No record component " + name + ": request bodies are records");
    }

    /** The type of a list's elements, or the type itself. */
    private static Type elementType(Type type) {
        if (type instanceof ParameterizedType parameterized && parameterized.getRawType() == List.class) {
            return parameterized.getActualTypeArguments()[0];
        }
        return type;
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType parameterized ? (Class<?>) parameterized.getRawType() : (Class<?>) type;
    }

    private static int compareOrder(List<Integer> left, List<Integer> right) {
        for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
            int compared = Integer.compare(left.get(i), right.get(i));
            if (compared != 0) {
                return compared;
            }
        }
        return Integer.compare(left.size(), right.size());
    }

    private record Named(String field, String message, List<Integer> order, int declared) {}
}

package dev.recaudo.rest.common;

import com.fasterxml.jackson.annotation.JsonProperty;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;
import jakarta.validation.TraversableResolver;
import jakarta.validation.Validator;
import jakarta.validation.ValidatorFactory;
import java.lang.annotation.Annotation;
import java.lang.annotation.ElementType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;

/**
 * Checks a request record's constraint annotations (its shape rules) and adds every violation to
 * the request's {@link FieldErrors}, named by the field as the JSON names it ({@code @JsonProperty}
 * or the record component, {@code documents[0].amountMinor} inside lists). The {@code *Requests}
 * classes call it before their hand-written rules, so the client gets every problem in one answer
 * in its family's envelope. Violations come in record component order, whatever order the
 * validator found them in; a field's own come in the order its annotations are written, so a
 * length is named before the shape the too long text also misses. A record built by hand from a
 * JSON tree brings the problems found while reading it (a JSON type, a name the domain parses),
 * which take their field's place in that order.
 */
@ApplicationScoped
public class RequestValidation {

    private final Validator validator;

    /**
     * Request records are plain values, never entities: every property is reachable, so the
     * validator skips the persistence provider's check of whether each one is loaded (with
     * Hibernate ORM present, that check was a quarter of a request's validation in a profile).
     */
    public RequestValidation(ValidatorFactory validators) {
        this.validator = validators.usingContext().traversableResolver(new PlainValues()).getValidator();
    }

    /** Every property of a request record is there to be validated. */
    private static final class PlainValues implements TraversableResolver {

        @Override
        public boolean isReachable(Object bean, Path.Node property, Class<?> rootType, Path path, ElementType type) {
            return true;
        }

        @Override
        public boolean isCascadable(Object bean, Path.Node property, Class<?> rootType, Path path, ElementType type) {
            return true;
        }
    }

    /** A body Jackson bound; a request without one is refused as {@code body} "is required". */
    public static <T> T required(T body) {
        if (body == null) {
            throw ApiProblem.validation("body", "is required");
        }
        return body;
    }

    public void check(Object request, FieldErrors errors) {
        check(request, new FieldErrors(), errors);
    }

    /**
     * As {@link #check(Object, FieldErrors)}, with {@code read}: the problems of the record's fields
     * found while reading them by hand, each named by a component. A field with such a problem was
     * left empty in the record, so its own violations are not reported; its problems keep the order
     * they were found in.
     */
    public void check(Object request, FieldErrors read, FieldErrors errors) {
        RecordComponent[] components = request.getClass().getRecordComponents();
        List<Named> found = new ArrayList<>();
        read.forEach((field, message) ->
                found.add(new Named(field, message, List.of(indexOf(components, field, RequestValidation::jsonName)), 0)));
        List<Named> named = new ArrayList<>();
        for (ConstraintViolation<Object> violation : validator.validate(request)) {
            Named name = name(request.getClass(), violation);
            if (found.stream().noneMatch(problem -> problem.order().get(0).equals(name.order().get(0)))) {
                named.add(name);
            }
        }
        named.sort(Comparator.comparing(Named::order, RequestValidation::compareOrder).thenComparingInt(Named::declared)
                .thenComparing(Named::message));
        named.addAll(found);
        // A stable sort: the problems of one field stay in the order they came in.
        named.sort(Comparator.comparing(Named::order, RequestValidation::compareOrder));
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
            int index = indexOf(components, node.getName(), RecordComponent::getName);
            declared = declaredAt(raw(type), components[index], violation.getConstraintDescriptor().getAnnotation());
            field.append(field.isEmpty() ? "" : ".").append(jsonName(components[index]));
            order.add(index);
            type = elementType(components[index].getGenericType());
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

    /** The component {@code naming} calls {@code name}. */
    private static int indexOf(RecordComponent[] components, String name, Function<RecordComponent, String> naming) {
        for (int i = 0; i < components.length; i++) {
            if (naming.apply(components[i]).equals(name)) {
                return i;
            }
        }
        throw new IllegalStateException("No record component " + name + ": request bodies are records");
    }

    private static String jsonName(RecordComponent component) {
        JsonProperty json = component.getAccessor().getAnnotation(JsonProperty.class);
        return json == null ? component.getName() : json.value();
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

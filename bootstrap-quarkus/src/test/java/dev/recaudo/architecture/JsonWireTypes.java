package dev.recaudo.architecture;

import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMethod;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaParameterizedType;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.domain.ReferencedClassObject;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Deque;
import java.util.Set;
import java.util.TreeSet;

/**
 * The classes Jackson reads or writes by reflection outside Quarkus REST's own resource signatures,
 * found in the code: the request records the REST adapter reads with {@code RequestBodies.read}
 * (a class literal in the calling method), every body the OpenAPI annotations name
 * ({@code @Schema(implementation, oneOf, anyOf, allOf)}: answers built as {@code Response} entities and
 * stored idempotent answers, which Quarkus cannot see), and every class of Recaudo's that their
 * fields hold, type arguments included. A native build must register each for reflection.
 */
final class JsonWireTypes {

    private static final String SCHEMA = "org.eclipse.microprofile.openapi.annotations.media.Schema";
    private static final Set<String> SCHEMA_CLASSES = Set.of("implementation", "oneOf", "anyOf", "allOf");
    private static final String REQUEST_BODIES = "dev.recaudo.rest.common.RequestBodies";

    private JsonWireTypes() {
    }

    static Set<JavaClass> in(JavaClasses classes) {
        Set<JavaClass> roots = new TreeSet<>(Comparator.comparing(JavaClass::getName));
        for (JavaClass owner : classes) {
            if (!owner.getPackageName().startsWith("dev.recaudo.rest")) {
                continue;
            }
            owner.getAnnotations().forEach(annotation -> schemas(annotation, roots));
            for (JavaMethod method : owner.getMethods()) {
                method.getAnnotations().forEach(annotation -> schemas(annotation, roots));
                method.getParameters().forEach(parameter -> parameter.getAnnotations().forEach(annotation -> schemas(annotation, roots)));
                if (method.getMethodCallsFromSelf().stream().anyMatch(call -> call.getTargetOwner().getName().equals(REQUEST_BODIES)
                        && call.getName().equals("read"))) {
                    method.getReferencedClassObjects().stream().map(ReferencedClassObject::getRawType).forEach(roots::add);
                }
            }
        }
        return withWhatTheyHold(roots);
    }

    private static void schemas(JavaAnnotation<?> annotation, Set<JavaClass> into) {
        boolean schema = annotation.getRawType().getName().equals(SCHEMA);
        annotation.getProperties().forEach((name, value) -> {
            if (schema && SCHEMA_CLASSES.contains(name)) {
                classes(value, into);
            }
            nested(value, into);
        });
    }

    private static void classes(Object value, Set<JavaClass> into) {
        if (value instanceof JavaClass type && !type.getName().equals("java.lang.Void")) {
            into.add(type);
        } else if (value instanceof Object[] values) {
            for (Object each : values) {
                classes(each, into);
            }
        }
    }

    private static void nested(Object value, Set<JavaClass> into) {
        if (value instanceof JavaAnnotation<?> annotation) {
            schemas(annotation, into);
        } else if (value instanceof Object[] values) {
            for (Object each : values) {
                nested(each, into);
            }
        }
    }

    /** The roots and every class of Recaudo their instance fields hold, type arguments included, recursively. */
    private static Set<JavaClass> withWhatTheyHold(Set<JavaClass> roots) {
        Set<JavaClass> all = new TreeSet<>(Comparator.comparing(JavaClass::getName));
        Deque<JavaClass> next = new ArrayDeque<>(roots);
        while (!next.isEmpty()) {
            JavaClass type = next.pop();
            if (!type.getName().startsWith("dev.recaudo.") || !all.add(type)) {
                continue;
            }
            for (JavaField field : type.getFields()) {
                if (!field.getModifiers().contains(JavaModifier.STATIC)) {
                    held(field.getType(), next);
                }
            }
        }
        return all;
    }

    private static void held(JavaType type, Deque<JavaClass> next) {
        JavaClass erasure = type.toErasure();
        next.push(erasure.isArray() ? erasure.getBaseComponentType() : erasure);
        if (type instanceof JavaParameterizedType parameterized) {
            parameterized.getActualTypeArguments().forEach(argument -> held(argument, next));
        }
    }
}

package dev.recaudo.rest.common;

import jakarta.ws.rs.Path;
import java.lang.reflect.Method;

/** The route template of a resource method, as rate-limit buckets and audit records name it. */
public final class Routes {

    private Routes() {}

    public static String templateOf(Method method) {
        Path classPath = method.getDeclaringClass().getAnnotation(Path.class);
        Path methodPath = method.getAnnotation(Path.class);
        return (classPath == null ? "" : classPath.value()) + (methodPath == null ? "" : "/" + methodPath.value());
    }
}

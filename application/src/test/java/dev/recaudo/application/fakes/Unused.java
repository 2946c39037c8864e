package dev.recaudo.application.fakes;

import java.lang.reflect.Proxy;

/**
 * A port a test does not expect to be used at all: any call fails the test. It keeps a test about
 * an early refusal honest, since the refusal must come before the service reaches these ports.
 */
public final class Unused {

    private Unused() {}

    public static <T> T port(Class<T> type) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, arguments) -> {
            if (method.getDeclaringClass() == Object.class) {
                return switch (method.getName()) {
                    case "equals" -> proxy == arguments[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> "unused " + type.getSimpleName();
                };
            }
            throw new AssertionError("unexpected use of " + type.getSimpleName() + "." + method.getName());
        }));
    }
}

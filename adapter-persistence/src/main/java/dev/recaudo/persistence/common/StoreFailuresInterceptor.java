package dev.recaudo.persistence.common;

import jakarta.annotation.Priority;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;

/**
 * Translates what {@link StoreFailures} promises. Inside a transaction the original failure stays
 * the cause, so {@link JtaTransactions} still sees a lost lock race and retries it.
 */
@StoreFailures
@Interceptor
@Priority(Interceptor.Priority.PLATFORM_AFTER)
class StoreFailuresInterceptor {

    @AroundInvoke
    Object translate(InvocationContext call) throws Exception {
        try {
            return call.proceed();
        } catch (RuntimeException failure) {
            throw Unavailability.of(call.getMethod().getDeclaringClass().getSimpleName() + "." + call.getMethod().getName(),
                    failure).<RuntimeException>map(unavailable -> unavailable).orElse(failure);
        }
    }
}

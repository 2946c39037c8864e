package dev.recaudo.rest.archviolation;

import dev.recaudo.application.invoice.InvoiceLifecycleUseCase;

/** The allowed counterpart of {@link RestUsingAService}: a REST class depending on the use-case interface. */
public class RestUsingAPort {

    public Class<?> port() {
        return InvoiceLifecycleUseCase.class;
    }
}

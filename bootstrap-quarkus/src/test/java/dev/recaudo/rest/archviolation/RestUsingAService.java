package dev.recaudo.rest.archviolation;

import dev.recaudo.application.invoice.InvoiceLifecycleService;

/** A deliberate violation, kept in test sources only: a REST class depending on a use-case service, not on its port. */
public class RestUsingAService {

    public Class<?> shortcut() {
        return InvoiceLifecycleService.class;
    }
}

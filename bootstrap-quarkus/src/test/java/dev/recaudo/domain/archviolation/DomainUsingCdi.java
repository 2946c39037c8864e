package dev.recaudo.domain.archviolation;

import jakarta.enterprise.context.ApplicationScoped;

/** A deliberate violation, kept in test sources only, proving the architecture rules bite. */
@ApplicationScoped
public class DomainUsingCdi {

    public Object payload() {
        return new com.fasterxml.jackson.databind.ObjectMapper();
    }
}

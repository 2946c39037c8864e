package dev.recaudo.domain.common;

import java.util.Optional;
import java.util.UUID;

/**
 * A change-ordered list query of a partner's records that can be narrowed to one customer of the
 * company: the documents and payments lists that a partner filters by its own customer id. Named
 * once so that both lists answer an unknown customer the same way (an empty page).
 */
public interface CustomerNarrowable<Q extends CustomerNarrowable<Q>> {

    /** The partner whose records are listed; empty lists every partner's. */
    Optional<String> source();

    /** Where the page starts in the change order; empty starts at the beginning. */
    Optional<ChangePosition> after();

    /** The same filters, narrowed to one customer's records. */
    Q ofCustomer(UUID companyCustomerId);
}

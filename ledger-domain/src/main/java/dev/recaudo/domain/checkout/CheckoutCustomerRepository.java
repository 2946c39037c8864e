package dev.recaudo.domain.checkout;

import dev.recaudo.domain.common.Saved;

/** Port: the payers of the checkout helper. */
public interface CheckoutCustomerRepository {

    /**
     * Stores the candidate unless the company and environment already know its e-mail (ignoring
     * case), in which case the stored payer is answered unchanged; concurrent calls store one.
     */
    Saved<CheckoutCustomer> resolve(CheckoutCustomer candidate);
}

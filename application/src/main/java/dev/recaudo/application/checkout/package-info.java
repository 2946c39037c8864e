/** Use cases of the checkout helper: the product catalog by SKU and the payers resolved by e-mail. */
package dev.recaudo.application.checkout;

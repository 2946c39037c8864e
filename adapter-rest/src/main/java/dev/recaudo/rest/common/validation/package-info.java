/**
 * The constraint annotations of the request records, for the shape rules the standard ones cannot
 * word as the spec does (required or not, blank, length, amount range, UUID, https URL, path
 * segment). Each validator words its messages in code from the annotation's attributes and reports
 * them as literal text, so a message reads the same under any message interpolator.
 * {@code RequestValidation} names each violation by its JSON field and adds it to the request's
 * {@code FieldErrors}, next to the rules written by hand.
 */
package dev.recaudo.rest.common.validation;

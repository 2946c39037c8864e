/**
 * Operator use cases: onboarding a company with its first administrator, enabling or disabling
 * it, setting its reference currency, and registering its WhatsApp origins. A disabled company's
 * keys are refused; a company without a reference currency cannot move money.
 */
package dev.recaudo.application.company;

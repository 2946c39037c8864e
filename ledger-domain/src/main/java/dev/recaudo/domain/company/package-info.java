/**
 * Companies are the tenants of Recaudo. Every record belongs to exactly one company, and every
 * outbound port takes the company as a parameter so a cross-tenant read cannot be written by
 * accident. A company carries an enabled flag and an optional reference currency, which is its
 * financial configuration.
 */
package dev.recaudo.domain.company;

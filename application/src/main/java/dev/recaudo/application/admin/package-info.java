/**
 * Administrator login. A wrong e-mail and a wrong password are indistinguishable to the caller,
 * in the answer and in the time it takes. Issuing the token itself happens at the HTTP edge.
 */
package dev.recaudo.application.admin;

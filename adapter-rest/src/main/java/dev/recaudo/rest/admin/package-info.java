/**
 * Administrator login over HTTP. Login attempts are rate-limited per e-mail address, and every
 * failure answers the same 401 whatever was wrong.
 */
package dev.recaudo.rest.admin;

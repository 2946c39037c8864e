/**
 * Use cases of bank transfers (issue 23, rail two): receiving accounts, payment references, the
 * import of bank statements and the matching of their lines to pending checkouts. A matched line
 * completes its checkout through the one completion path of the hosted page; every other line is a
 * proposal a person confirms or dismisses.
 */
package dev.recaudo.application.banktransfer;

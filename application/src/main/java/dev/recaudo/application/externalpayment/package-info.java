/**
 * Use cases over external payments: listing now; creating, completing and cancelling hosted and
 * direct payments follow with the external payments issue.
 */
package dev.recaudo.application.externalpayment;

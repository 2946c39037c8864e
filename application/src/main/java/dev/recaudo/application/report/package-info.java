/** The reports a company's people read in the console (docs/console.md): the overview of its receivables. */
package dev.recaudo.application.report;

/**
 * The reliability battery's harness (issue 12): two packaged service instances on different ports
 * sharing one PostgreSQL database ({@link dev.recaudo.battery.Battery}), a client that alternates
 * between them and fails over with the same idempotency key ({@link dev.recaudo.battery.BatteryClient}),
 * a throwaway PostgreSQL cluster that crash tests may stop hard ({@link dev.recaudo.battery.ThrowawayCluster}),
 * and the ledger invariants I1-I4 checked by SQL on the database ({@link dev.recaudo.battery.LedgerInvariants}).
 * Battery tests are failsafe ITs ({@code *IT}) because they run the jar the package phase built;
 * docs/reliability.md says how to run them and what each proves.
 */
package dev.recaudo.battery;

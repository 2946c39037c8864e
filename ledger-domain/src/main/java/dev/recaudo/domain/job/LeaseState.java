package dev.recaudo.domain.job;

/** What a renewal or completion found: the caller still holds the lease, or another instance took the job over. */
public enum LeaseState {
    HELD,
    LOST
}

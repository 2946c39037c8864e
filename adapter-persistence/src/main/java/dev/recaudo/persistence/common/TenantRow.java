package dev.recaudo.persistence.common;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.company.CompanyId;
import jakarta.persistence.Column;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import java.time.Instant;
import java.util.UUID;

/**
 * A tenant's row: its key ({@code id}) and its tenant columns ({@code company_id}, {@code is_test}),
 * written once and never changed, and when it was created and last changed. Every read names the
 * tenant in its statement or checks it on the row it found ({@link #isIn}), so no read returns
 * another tenant's row.
 */
@MappedSuperclass
public abstract class TenantRow {

    @Id
    public UUID id;

    @Column(updatable = false)
    public UUID companyId;

    @Column(name = "is_test", updatable = false)
    public boolean test;

    @Column(updatable = false)
    public Instant createdAt;

    public Instant updatedAt;

    protected TenantScope scope() {
        return new TenantScope(new CompanyId(companyId), test ? KeyEnvironment.TEST : KeyEnvironment.LIVE);
    }

    /** Whether the row is the tenant's: a write names its row by id, and must not reach another tenant's. */
    public boolean isIn(TenantScope scope) {
        return companyId.equals(scope.companyId().value()) && test == scope.isTest();
    }
}

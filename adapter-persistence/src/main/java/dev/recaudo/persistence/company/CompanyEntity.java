package dev.recaudo.persistence.company;

import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.money.CurrencyCode;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;

/** A row of {@code companies}: a tenant and its financial configuration. */
@Entity
@Table(name = "companies")
public class CompanyEntity {

    @Id
    public UUID id;

    public String name;

    public String referenceCurrency;

    public String timeZone;

    public boolean enabled;

    @Column(updatable = false)
    public Instant createdAt;

    public Instant updatedAt;

    static CompanyEntity of(Company company) {
        CompanyEntity entity = new CompanyEntity();
        entity.id = company.id().value();
        entity.createdAt = company.createdAt();
        entity.takeChangesOf(company, company.createdAt());
        return entity;
    }

    Company toDomain() {
        return new Company(new CompanyId(id), name, Optional.ofNullable(referenceCurrency).map(CurrencyCode::valueOf),
                Company.timeZoneNamed(timeZone).orElse(Company.DEFAULT_TIME_ZONE), enabled, createdAt);
    }

    void takeChangesOf(Company company, Instant now) {
        name = company.name();
        referenceCurrency = company.referenceCurrency().map(Enum::name).orElse(null);
        timeZone = company.timeZoneName();
        enabled = company.enabled();
        updatedAt = now;
    }
}

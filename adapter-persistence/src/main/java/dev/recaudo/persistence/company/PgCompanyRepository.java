package dev.recaudo.persistence.company;

import static dev.recaudo.persistence.common.Rows.instant;
import static dev.recaudo.persistence.common.Rows.uuid;

import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.company.WhatsAppOrigin;
import dev.recaudo.persistence.common.NativeSql;
import dev.recaudo.persistence.common.StoreFailures;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.Optional;

@ApplicationScoped
@StoreFailures
public class PgCompanyRepository implements CompanyRepository {

    @Inject
    NativeSql nativeSql;

    @Inject
    CompanyEntities companies;

    @Inject
    Clock clock;

    @Override
    public void insert(Company company) {
        companies.insert(company);
    }

    @Override
    public Optional<Company> find(CompanyId id) {
        return companies.read(id);
    }

    @Override
    public Optional<Company> lock(CompanyId id) {
        return companies.lock(id);
    }

    @Override
    public void update(Company company) {
        companies.write(company, clock.instant());
    }

    @Override
    public Optional<WhatsAppOrigin> findWhatsAppOrigin(String phoneNumberId) {
        return nativeSql.queryOne(
                "SELECT id, company_id, phone_number_id, display_phone_number, created_at FROM whatsapp_origins"
                        + " WHERE phone_number_id = ?",
                row -> new WhatsAppOrigin(
                        uuid(row, "id"),
                        new CompanyId(uuid(row, "company_id")),
                        row.getString("phone_number_id"),
                        row.getString("display_phone_number"),
                        instant(row, "created_at")),
                phoneNumberId);
    }

    @Override
    public InsertOutcome insertWhatsAppOrigin(WhatsAppOrigin origin) {
        int inserted = nativeSql.update(
                "INSERT INTO whatsapp_origins (id, company_id, phone_number_id, display_phone_number, created_at)"
                        + " VALUES (?, ?, ?, ?, ?) ON CONFLICT (phone_number_id) DO NOTHING",
                origin.id(),
                origin.companyId().value(),
                origin.phoneNumberId(),
                origin.displayPhoneNumber(),
                origin.createdAt());
        return inserted == 1 ? InsertOutcome.INSERTED : InsertOutcome.ALREADY_EXISTS;
    }
}

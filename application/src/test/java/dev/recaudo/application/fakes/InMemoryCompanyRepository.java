package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.InsertOutcome;
import dev.recaudo.domain.company.Company;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.company.CompanyRepository;
import dev.recaudo.domain.company.WhatsAppOrigin;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Companies and origins in maps; the phone number id is unique, as the database constraint makes it. */
public final class InMemoryCompanyRepository implements CompanyRepository, TransactionalFake {

    private Map<CompanyId, Company> companies = new LinkedHashMap<>();
    private Map<String, WhatsAppOrigin> originsByPhoneNumberId = new LinkedHashMap<>();
    private int locks;

    @Override
    public void insert(Company company) {
        if (companies.putIfAbsent(company.id(), company) != null) {
            throw new IllegalStateException("company " + company.id() + " exists already");
        }
    }

    @Override
    public Optional<Company> find(CompanyId id) {
        return Optional.ofNullable(companies.get(id));
    }

    @Override
    public Optional<Company> lock(CompanyId id) {
        locks++;
        return find(id);
    }

    @Override
    public void update(Company company) {
        if (companies.replace(company.id(), company) == null) {
            throw new IllegalStateException("company " + company.id() + " does not exist");
        }
    }

    @Override
    public Optional<WhatsAppOrigin> findWhatsAppOrigin(String phoneNumberId) {
        return Optional.ofNullable(originsByPhoneNumberId.get(phoneNumberId));
    }

    @Override
    public InsertOutcome insertWhatsAppOrigin(WhatsAppOrigin origin) {
        return originsByPhoneNumberId.putIfAbsent(origin.phoneNumberId(), origin) == null
                ? InsertOutcome.INSERTED
                : InsertOutcome.ALREADY_EXISTS;
    }

    @Override
    public Runnable captureRollback() {
        Map<CompanyId, Company> savedCompanies = new LinkedHashMap<>(companies);
        Map<String, WhatsAppOrigin> savedOrigins = new LinkedHashMap<>(originsByPhoneNumberId);
        return () -> {
            companies = savedCompanies;
            originsByPhoneNumberId = savedOrigins;
        };
    }

    /** Stores a company as a test's starting point and answers it. */
    public Company given(Company company) {
        insert(company);
        return company;
    }

    public List<Company> all() {
        return List.copyOf(companies.values());
    }

    public List<WhatsAppOrigin> allOrigins() {
        return List.copyOf(originsByPhoneNumberId.values());
    }

    /** How many times a use case asked for a row lock. */
    public int locks() {
        return locks;
    }
}

package dev.recaudo.domain.common;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.company.CompanyId;
import java.util.Objects;

/**
 * The tenant of a read or write: a company and an environment. Records made with test keys live
 * in the test environment and are invisible to live keys, so every query names both.
 */
public record TenantScope(CompanyId companyId, KeyEnvironment environment) {

    public TenantScope {
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(environment, "environment");
    }

    public boolean isTest() {
        return environment == KeyEnvironment.TEST;
    }
}

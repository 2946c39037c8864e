package dev.recaudo.domain.dispatch;

import dev.recaudo.domain.company.CompanyId;
import java.util.Objects;

/**
 * Where attempts go, as caps and pauses count them: a webhook endpoint (its id), or a company's
 * callback origin (scheme, host and port). The company is part of it, so that two companies sending
 * to the same host never share a cap or a pause.
 */
public record DispatchTarget(CompanyId companyId, String key) {

    public DispatchTarget {
        Objects.requireNonNull(companyId, "companyId");
        Objects.requireNonNull(key, "key");
    }
}

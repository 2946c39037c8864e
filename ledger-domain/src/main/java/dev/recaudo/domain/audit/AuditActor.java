package dev.recaudo.domain.audit;

import dev.recaudo.domain.admin.AdminUserId;
import dev.recaudo.domain.apikey.ApiKeyId;
import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.domain.apikey.PartnerScope;
import java.util.Objects;

/**
 * Who made an audited request. A partner's key owns its records (the partner reads them by request
 * id, in the key's environment); the records of administrators and of the platform operator form
 * the company's administration trail, which no partner key reads.
 */
public sealed interface AuditActor {

    /** The stored kind of actor, as the administration trail names it. */
    String kind();

    /** An integrations write, made with a key acting for a partner in one environment. */
    record PartnerKey(ApiKeyId keyId, PartnerScope partner, KeyEnvironment environment) implements AuditActor {
        public PartnerKey {
            Objects.requireNonNull(keyId, "keyId");
            Objects.requireNonNull(partner, "partner");
            Objects.requireNonNull(environment, "environment");
        }

        @Override
        public String kind() {
            return "api_key";
        }
    }

    /** A company administrator, as the admin token named them. */
    record Administrator(AdminUserId adminUserId) implements AuditActor {
        public Administrator {
            Objects.requireNonNull(adminUserId, "adminUserId");
        }

        @Override
        public String kind() {
            return "admin";
        }
    }

    /** The platform operator: one shared token, so no person is named. */
    record Operator() implements AuditActor {
        @Override
        public String kind() {
            return "operator";
        }
    }
}

package dev.recaudo.application.fakes;

import dev.recaudo.domain.common.TenantScope;
import dev.recaudo.domain.upsert.PartnerRecord;
import dev.recaudo.domain.upsert.UpsertOrder;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The newest signing time per tenant and partner record, in a map; an equal time is in order, as in the table. */
public final class InMemoryUpsertOrder implements UpsertOrder, TransactionalFake {

    private record Address(TenantScope scope, PartnerRecord record) {}

    private Map<Address, Instant> newest = new HashMap<>();

    @Override
    public Set<PartnerRecord> advance(TenantScope scope, Instant signedAt, List<PartnerRecord> records) {
        Set<PartnerRecord> stale = new HashSet<>();
        for (PartnerRecord record : records) {
            Address address = new Address(scope, record);
            Instant seen = newest.get(address);
            if (seen != null && seen.isAfter(signedAt)) {
                stale.add(record);
            } else {
                newest.put(address, signedAt);
            }
        }
        return stale;
    }

    @Override
    public Runnable captureRollback() {
        Map<Address, Instant> saved = new HashMap<>(newest);
        return () -> newest = saved;
    }
}

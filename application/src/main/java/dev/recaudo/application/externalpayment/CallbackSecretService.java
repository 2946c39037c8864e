package dev.recaudo.application.externalpayment;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.company.CompanyId;
import dev.recaudo.domain.externalpayment.ExternalPaymentSecrets;
import java.time.Clock;
import java.util.function.Supplier;

public final class CallbackSecretService implements CallbackSecretUseCase {

    private final ExternalPaymentSecrets secrets;
    private final Supplier<String> freshSecret;
    private final Transactions transactions;
    private final Clock clock;

    /** @param freshSecret makes a new secret ({@code whsec_} + base64 of random bytes) */
    public CallbackSecretService(ExternalPaymentSecrets secrets, Supplier<String> freshSecret, Transactions transactions,
            Clock clock) {
        this.secrets = secrets;
        this.freshSecret = freshSecret;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public String current(CompanyId companyId) {
        return transactions.inTransaction(() -> secrets.current(companyId, freshSecret, clock.instant()));
    }

    @Override
    public String rotate(CompanyId companyId) {
        String replacement = freshSecret.get();
        transactions.inTransaction(() -> {
            secrets.replace(companyId, replacement, clock.instant());
            return replacement;
        });
        return replacement;
    }
}

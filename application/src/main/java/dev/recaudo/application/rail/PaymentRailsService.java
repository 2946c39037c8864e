package dev.recaudo.application.rail;

import dev.recaudo.application.common.Transactions;
import dev.recaudo.domain.company.CompanyId;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A company's credentials at its card rails: their shapes checked (a processor's secret or restricted
 * key, a webhook signing secret), then sealed and stored by the {@link CardCredentialsBook}. Nothing
 * here ever answers or logs a value.
 */
public final class PaymentRailsService implements PaymentRailsUseCase {

    /**
     * A LIVE secret or restricted key, {@code sk_live_} or {@code rk_live_}: a card rail collects live money
     * only, so a test-mode key (which would mark test payments paid in live books) is refused.
     */
    static final Pattern SECRET_KEY = Pattern.compile("^[sr]k_live_[A-Za-z0-9]{8,240}$");
    /** A webhook endpoint's signing secret. */
    static final Pattern WEBHOOK_SECRET = Pattern.compile("^whsec_[A-Za-z0-9+/=]{8,240}$");

    private final CardRails rails;
    private final CardCredentialsBook credentials;
    private final Transactions transactions;
    private final Clock clock;

    public PaymentRailsService(CardRails rails, CardCredentialsBook credentials, Transactions transactions, Clock clock) {
        this.rails = rails;
        this.credentials = credentials;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Override
    public PutResult put(CompanyId company, String rail, String secretKey, String webhookSecret) {
        if (!known(rail)) {
            return new PutResult.UnknownRail();
        }
        Map<String, String> errors = new LinkedHashMap<>();
        if (secretKey == null || !SECRET_KEY.matcher(secretKey).matches()) {
            errors.put("secretKey", "is required: the processor's live secret or restricted key (sk_live_ or rk_live_"
                    + " followed by 8 to 240 letters and digits; test-mode keys are refused)");
        }
        if (webhookSecret == null || !WEBHOOK_SECRET.matcher(webhookSecret).matches()) {
            errors.put("webhookSecret", "is required: the webhook endpoint's signing secret (whsec_ followed by 8 to 240"
                    + " base64 characters)");
        }
        if (!errors.isEmpty()) {
            return new PutResult.Invalid(errors);
        }
        Instant now = clock.instant();
        transactions.inTransaction(() -> {
            credentials.put(company, rail, new CardCredentials(secretKey, webhookSecret), now);
            return now;
        });
        return new PutResult.Saved(now);
    }

    @Override
    public Optional<Instant> configuredAt(CompanyId company, String rail) {
        if (!known(rail)) {
            throw new IllegalArgumentException("no rail " + rail);
        }
        return transactions.inTransaction(() -> credentials.updatedAt(company, rail));
    }

    @Override
    public boolean known(String rail) {
        return rails.named(rail).isPresent();
    }
}

package dev.recaudo.bootstrap;

import dev.recaudo.domain.banktransfer.SecondConfirmations;
import dev.recaudo.domain.money.CurrencyCode;
import io.smallrye.config.WithDefault;
import io.smallrye.config.WithName;
import jakarta.validation.constraints.Min;
import java.util.Map;

/**
 * {@code recaudo.reconciliation.*}: the amounts, in minor units per currency, above which confirming a
 * reconciliation proposal takes two people (docs/console.md). The defaults are about five thousand
 * US dollars in each currency, rounded.
 */
public interface ReconciliationConfig {

    @WithName("second-person-above-minor")
    SecondPersonAbove secondPersonAbove();

    interface SecondPersonAbove {
        @WithDefault("500000")
        @Min(0)
        long usd();

        @WithDefault("2000000000")
        @Min(0)
        long cop();

        @WithDefault("10000000")
        @Min(0)
        long mxn();

        @WithDefault("250000000")
        @Min(0)
        long crc();

        @WithDefault("20000000")
        @Min(0)
        long ves();
    }

    default SecondConfirmations secondConfirmations() {
        SecondPersonAbove above = secondPersonAbove();
        return new SecondConfirmations(Map.of(CurrencyCode.USD, above.usd(), CurrencyCode.COP, above.cop(), CurrencyCode.MXN, above.mxn(),
                CurrencyCode.CRC, above.crc(), CurrencyCode.VES, above.ves()));
    }
}

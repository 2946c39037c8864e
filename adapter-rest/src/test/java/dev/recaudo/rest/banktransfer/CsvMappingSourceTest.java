package dev.recaudo.rest.banktransfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.banktransfer.StatementSource;
import dev.recaudo.domain.banktransfer.CsvMapping;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CsvMappingSourceTest {

    private static final CsvMapping BANCO = new CsvMapping(Map.of("date", "Fecha", "amount", "Monto", "currency", "Moneda",
            "bank_reference", "Ref. banco", "payer_id", "RIF"), ',', "dd/MM/yyyy", Optional.of("Reverso"));

    private static CsvStatementSource source(String csv, CsvMapping mapping) {
        return new CsvStatementSource(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)), "s-1", mapping);
    }

    @Test
    void aMappedFileIsReadByItsHeadersWithDecimalCommaDayFirstDatesAndReversals() {
        CsvStatementSource source = source("FECHA,Monto,Moneda,Ref. banco,RIF,Reverso\n"
                + "27/11/2026,\"1.234,56\",VES,B-1,J-1,\n"
                + "28/11/2026,\"-1.234,56\",VES,B-2,J-1,si\n", BANCO);
        source.header();
        StatementLine first = source.next().orElseThrow();
        assertThat(first.amount()).isEqualTo(Money.of(123456, CurrencyCode.VES));
        assertThat(first.bookingDate()).isEqualTo(LocalDate.of(2026, 11, 27));
        assertThat(first.credit()).isTrue();
        assertThat(first.reversal()).isFalse();
        assertThat(first.bankReference()).contains("B-1");
        assertThat(first.payerId()).contains("J-1");
        StatementLine second = source.next().orElseThrow();
        assertThat(second.credit()).isFalse();
        assertThat(second.reversal()).isTrue();
        assertThat(source.next()).isEmpty();
    }

    @Test
    void aMappedFileRefusesWhatItsFormatDoesNot() {
        CsvStatementSource isoDate = source("Fecha,Monto,Moneda\n2026-11-27,\"1,00\",USD\n", BANCO);
        isoDate.header();
        assertThatThrownBy(isoDate::next).isInstanceOf(StatementSource.Malformed.class).hasMessageContaining("dd/MM/yyyy");
        CsvStatementSource twoCommas = source("Fecha,Monto,Moneda\n27/11/2026,\"1,0,0\",USD\n", BANCO);
        twoCommas.header();
        assertThatThrownBy(twoCommas::next).isInstanceOf(StatementSource.Malformed.class).hasMessageContaining("decimal comma");
        CsvStatementSource ownNames = source("date,amount,currency\n2026-11-27,1.00,USD\n", BANCO);
        assertThatThrownBy(ownNames::header).isInstanceOf(StatementSource.Malformed.class).hasMessageContaining("Fecha");
        CsvStatementSource impossible = source("Fecha,Monto,Moneda\n31/02/2026,\"1,00\",USD\n", BANCO);
        impossible.header();
        assertThatThrownBy(impossible::next).isInstanceOf(StatementSource.Malformed.class);
    }

    @Test
    void mappingsThatCannotBeReadAreRefusedWithTheirField() {
        assertThat(CsvMapping.problem(Map.of("fecha", "F"), '.', "yyyy-MM-dd", Optional.empty())).get().asString()
                .startsWith("columns:");
        assertThat(CsvMapping.problem(Map.of(), ';', "yyyy-MM-dd", Optional.empty())).get().asString()
                .startsWith("decimalSeparator:");
        assertThat(CsvMapping.problem(Map.of(), '.', "yy-M-d", Optional.empty())).get().asString().startsWith("dateFormat:");
        assertThat(CsvMapping.problem(Map.of("amount", "date"), '.', "yyyy-MM-dd", Optional.empty())).get().asString()
                .startsWith("columns.");
        assertThat(CsvMapping.problem(Map.of(), '.', "yyyy-MM-dd", Optional.of("Amount"))).get().asString()
                .startsWith("reversalColumn:");
        assertThat(CsvMapping.problem(BANCO.columns(), ',', "dd/MM/yyyy", Optional.of("Reverso"))).isEmpty();
    }
}

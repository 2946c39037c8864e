package dev.recaudo.rest.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.recaudo.application.report.CustomerStatementUseCase.Account;
import dev.recaudo.application.report.CustomerStatementUseCase.Line;
import dev.recaudo.application.report.CustomerStatementUseCase.Statement;
import dev.recaudo.domain.customer.CustomerProfile;
import dev.recaudo.domain.ledger.TransferKind;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.LocalizedFormats;
import java.io.IOException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;

/** A statement as CSV (defused cells, plain decimals) and as PDF (every currency sign drawn in the embedded font). */
class StatementFilesTest {

    private static final Instant BOOKED = Instant.parse("2026-11-02T15:00:00Z");

    private static Statement.Shown statement(String customerName, String document) {
        CustomerProfile customer = new CustomerProfile(Optional.empty(), customerName, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
        Account colones = new Account(CurrencyCode.CRC, 0, List.of(
                new Line(1, BOOKED, Optional.of(BOOKED), TransferKind.DOCUMENT_ISSUED, Optional.of(document), Optional.empty(), 123_450, 123_450),
                new Line(2, BOOKED, Optional.of(Instant.parse("2026-11-01T20:00:00Z")), TransferKind.PAYMENT_APPLIED, Optional.of(document),
                        Optional.of("-P1"), -150_000, -26_550)), -26_550);
        Account bolivares = new Account(CurrencyCode.VES, 5_00, List.of(), 5_00);
        return new Statement.Shown(UUID.randomUUID(), customer, Optional.of(LocalDate.parse("2026-11-01")), LocalDate.parse("2026-11-30"),
                ZoneId.of("America/Costa_Rica"), Instant.parse("2026-12-01T06:00:00Z"), List.of(colones, bolivares));
    }

    @Test
    void csvCellsASpreadsheetWouldRunAreDefused() {
        assertThat(StatementCsv.cell("=HYPERLINK(\"x\")")).isEqualTo("\"'=HYPERLINK(\"\"x\"\")\"");
        assertThat(StatementCsv.cell("+1")).isEqualTo("'+1");
        assertThat(StatementCsv.cell("-2")).isEqualTo("-2");
        assertThat(StatementCsv.cell("-2.50")).isEqualTo("-2.50");
        assertThat(StatementCsv.cell("-2+3")).isEqualTo("'-2+3");
        assertThat(StatementCsv.cell("@SUM(A1)")).isEqualTo("'@SUM(A1)");
        assertThat(StatementCsv.cell("\tx")).isEqualTo("'\tx");
        assertThat(StatementCsv.cell("\rx")).isEqualTo("\"'\rx\"");
        assertThat(StatementCsv.cell("a,b")).isEqualTo("\"a,b\"");
        assertThat(StatementCsv.cell("F-1")).isEqualTo("F-1");
        assertThat(StatementCsv.cell("")).isEmpty();
    }

    @Test
    void csvHasAnOpeningEachEntryWithItsBalanceAndAClosingPerCurrency() {
        String csv = StatementCsv.of(statement("Ana", "=1+2"));

        assertThat(csv.split("\r\n")).containsExactly(
                String.join(",", StatementCsv.HEADER),
                "CRC,,,2026-11-01,opening_balance,,,,,0.00",
                "CRC,1,2026-11-02T15:00:00Z,2026-11-02,document_issued,'=1+2,,1234.50,,1234.50",
                "CRC,2,2026-11-02T15:00:00Z,2026-11-01,payment_applied,'=1+2,'-P1,,1500.00,-265.50",
                "CRC,,,2026-11-30,closing_balance,,,,,-265.50",
                "VES,,,2026-11-01,opening_balance,,,,,5.00",
                "VES,,,2026-11-30,closing_balance,,,,,5.00");
    }

    @Test
    void pdfDrawsEveryCurrencySignInItsEmbeddedFont() throws IOException {
        byte[] pdf = StatementPdf.of(statement("Ana \u6F22 Pérez\n", "F-1"), ConsoleTexts.SPANISH);

        assertThat(new String(pdf, 0, 5, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("%PDF-");
        try (PDDocument document = Loader.loadPDF(pdf)) {
            String text = new PDFTextStripper().getText(document);
            assertThat(text).contains("Estado de cuenta: Ana ? Pérez?").contains("₡1,234.50").contains("-₡265.50").contains("Bs. 5.00")
                    .contains("Saldo final").contains("Documento emitido");
            PDFont font = document.getPage(0).getResources().getFont(document.getPage(0).getResources().getFontNames().iterator().next());
            assertThat(font.isEmbedded()).isTrue();
            assertThat(font.getName()).contains("DejaVuSans");
        }
    }

    @Test
    void amountsCarryTheirCurrencysOwnSign() {
        Locale spanish = Locale.forLanguageTag("es-419");
        assertThat(LocalizedFormats.amountWithSign(Money.of(123_456, CurrencyCode.USD), spanish)).isEqualTo("US$1,234.56");
        assertThat(LocalizedFormats.amountWithSign(Money.of(123_456, CurrencyCode.COP), spanish)).isEqualTo("COL$1,234.56");
        assertThat(LocalizedFormats.amountWithSign(Money.of(123_456, CurrencyCode.MXN), spanish)).isEqualTo("MX$1,234.56");
        assertThat(LocalizedFormats.amountWithSign(Money.of(-5, CurrencyCode.CRC), spanish)).isEqualTo("-₡0.05");
        assertThat(LocalizedFormats.amountWithSign(Money.of(100_000_000, CurrencyCode.VES), spanish)).isEqualTo("Bs. 1,000,000.00");
    }
}

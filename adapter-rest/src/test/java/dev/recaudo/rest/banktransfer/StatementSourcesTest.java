package dev.recaudo.rest.banktransfer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.application.banktransfer.StatementSource;
import dev.recaudo.domain.banktransfer.StatementHeader;
import dev.recaudo.domain.banktransfer.StatementLine;
import dev.recaudo.domain.money.CurrencyCode;
import dev.recaudo.domain.money.Money;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StatementSourcesTest {

    private static final String CAMT = """
            <?xml version="1.0"?>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt>
              <Id>S-1</Id><Acct><Id><Othr><Id>0102-99</Id></Othr></Id></Acct>
              <Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">10.5</Amt><CdtDbtInd>DBIT</CdtDbtInd></Bal>
              <Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="USD">0.01</Amt><CdtDbtInd>CRDT</CdtDbtInd></Bal>
              <Ntry><Amt Ccy="USD">10.51</Amt><CdtDbtInd>CRDT</CdtDbtInd><RvslInd>false</RvslInd>
                <BookgDt><DtTm>2026-11-27T10:00:00</DtTm></BookgDt><ValDt><Dt>2026-11-28</Dt></ValDt>
                <AcctSvcrRef>B-1</AcctSvcrRef>
                <NtryDtls><TxDtls><Refs><EndToEndId>E2E-1</EndToEndId></Refs>
                  <RltdPties><Dbtr><Nm>Ana</Nm><Id><OrgId><Othr><Id>J-123</Id></Othr></OrgId></Id></Dbtr></RltdPties>
                  <RmtInf><Ustrd>uno</Ustrd><Strd><CdtrRefInf><Ref>RC00000000098</Ref></CdtrRefInf></Strd></RmtInf>
                </TxDtls></NtryDtls></Ntry>
              <Ntry><Amt Ccy="VES">7300000000000.99</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd>
                <BookgDt><Dt>2026-11-27</Dt></BookgDt></Ntry>
            </Stmt></BkToCstmrStmt></Document>
            """;

    private static ByteArrayInputStream bytes(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    private static List<StatementLine> all(StatementSource source) {
        List<StatementLine> lines = new ArrayList<>();
        for (Optional<StatementLine> line = source.next(); line.isPresent(); line = source.next()) {
            lines.add(line.get());
        }
        return lines;
    }

    @Test
    void aCamt053IsReadExactlyEntryByEntry() {
        CamtStatementSource source = new CamtStatementSource(bytes(CAMT));
        assertThat(source.header()).isEqualTo(new StatementHeader("S-1", Optional.of("0102-99"), Optional.of(-1050L),
                Optional.of(1L)));
        List<StatementLine> lines = all(source);
        assertThat(lines).hasSize(2);
        StatementLine first = lines.get(0);
        assertThat(first.amount()).isEqualTo(Money.of(1051, CurrencyCode.USD));
        assertThat(first.credit()).isTrue();
        assertThat(first.reversal()).isFalse();
        assertThat(first.bookingDate()).isEqualTo(LocalDate.of(2026, 11, 27));
        assertThat(first.valueDate()).contains(LocalDate.of(2026, 11, 28));
        assertThat(first.bankReference()).contains("B-1");
        assertThat(first.endToEndId()).contains("E2E-1");
        assertThat(first.payerName()).contains("Ana");
        assertThat(first.payerId()).contains("J-123");
        assertThat(first.remittance()).isEqualTo("uno RC00000000098");
        StatementLine second = lines.get(1);
        assertThat(second.lineNumber()).isEqualTo(2);
        assertThat(second.amount()).isEqualTo(Money.of(730_000_000_000_099L, CurrencyCode.VES));
        assertThat(second.credit()).isFalse();
        assertThat(second.reversal()).isTrue();
        assertThat(second.identity("S-1")).isEqualTo("line:S-1:2");
        assertThat(first.identity("S-1")).isEqualTo("ref:B-1");
    }

    @Test
    void aDtdOrExternalEntityIsRefusedWithoutBeingResolved() {
        String xxe = "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n"
                + "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.08\"><BkToCstmrStmt><Stmt><Id>&x;</Id>"
                + "</Stmt></BkToCstmrStmt></Document>";
        assertThatThrownBy(() -> new CamtStatementSource(bytes(xxe)).header()).isInstanceOf(StatementSource.Malformed.class)
                .hasMessageNotContaining("root:");
    }

    @Test
    void anotherNamespaceOrTooManyDecimalsIsMalformedAtItsLine() {
        assertThatThrownBy(() -> new CamtStatementSource(bytes("<Document xmlns=\"urn:other\"/>")).header())
                .isInstanceOf(StatementSource.Malformed.class).hasMessageContaining("camt.053");
        CamtStatementSource source = new CamtStatementSource(bytes(CAMT.replace("10.51", "10.515")));
        source.header();
        assertThatThrownBy(source::next).isInstanceOf(StatementSource.Malformed.class)
                .satisfies(bad -> assertThat(((StatementSource.Malformed) bad).line()).isEqualTo(6));
    }

    @Test
    void aCsvIsReadWithItsQuotesSignsAndExactAmounts() {
        CsvStatementSource source = new CsvStatementSource(bytes("\uFEFFamount,date,currency,payer_name,bank_reference\n"
                + "\"1,234.5\",2026-11-27,USD,x,\n0.07,2026-11-27,usd,\"Gil, \"\"Ana\"\"\",R-2\n\n-3,2026-11-28,CRC,,\n"),
                "csv-1");
        assertThat(source.header().statementId()).isEqualTo("csv-1");
        assertThatThrownBy(source::next).isInstanceOf(StatementSource.Malformed.class)
                .satisfies(bad -> assertThat(((StatementSource.Malformed) bad).line()).isEqualTo(2));
        StatementLine second = source.next().orElseThrow();
        assertThat(second.amount()).isEqualTo(Money.of(7, CurrencyCode.USD));
        assertThat(second.payerName()).contains("Gil, \"Ana\"");
        assertThat(second.bankReference()).contains("R-2");
        assertThat(second.lineNumber()).isEqualTo(3);
        StatementLine third = source.next().orElseThrow();
        assertThat(third.credit()).isFalse();
        assertThat(third.amount()).isEqualTo(Money.of(300, CurrencyCode.CRC));
        assertThat(third.identity("csv-1")).isEqualTo("line:csv-1:5");
        assertThat(source.next()).isEmpty();
    }

    @Test
    void aCsvWithoutARequiredColumnIsMalformedAtLineOne() {
        assertThatThrownBy(() -> new CsvStatementSource(bytes("date,amount\n"), "x").header())
                .isInstanceOf(StatementSource.Malformed.class).hasMessageContaining("currency")
                .satisfies(bad -> assertThat(((StatementSource.Malformed) bad).line()).isEqualTo(1));
    }

    @Test
    void aCsvFieldLongerThanACamtTextIsMalformedAtItsLine() {
        String bound = "R".repeat(CamtStatementSource.TEXT_MAX);
        CsvStatementSource source = new CsvStatementSource(bytes("date,amount,currency,bank_reference,description\n"
                + "2026-11-27,20.00,USD," + bound + ",ok\n2026-11-27,20.00,USD,X" + bound + ",ok\n"
                + "2026-11-27,20.00,USD,B-3,\"" + "d".repeat(CamtStatementSource.TEXT_MAX + 1) + "\"\n"), "long");
        source.header();
        assertThat(source.next().orElseThrow().identity("long")).hasSize(4 + CamtStatementSource.TEXT_MAX);
        assertThatThrownBy(source::next).isInstanceOf(StatementSource.Malformed.class).hasMessageContaining("longer than 500")
                .satisfies(bad -> assertThat(((StatementSource.Malformed) bad).line()).isEqualTo(3));
        assertThatThrownBy(source::next).isInstanceOf(StatementSource.Malformed.class)
                .satisfies(bad -> assertThat(((StatementSource.Malformed) bad).line()).isEqualTo(4));
    }
}

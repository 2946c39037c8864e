package dev.recaudo.rest.console;

import dev.recaudo.application.report.CustomerStatementUseCase.Account;
import dev.recaudo.application.report.CustomerStatementUseCase.Line;
import dev.recaudo.application.report.CustomerStatementUseCase.Statement;
import dev.recaudo.domain.money.Money;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.fontbox.ttf.CmapLookup;
import org.apache.pdfbox.pdmodel.font.PDCIDFontType2;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * A statement of account as PDF, drawn with PDFBox in DejaVu Sans, embedded (a subset), which has
 * every sign the console writes ({@code ₡}, {@code Bs.}, {@code US$}...): no HTML printed by hand.
 * A4 landscape, a header per page, a row per entry, a running balance, the closing balance per currency.
 */
final class StatementPdf {

    private static final float MARGIN = 40;
    private static final float ROW = 14;
    private static final float[] COLUMNS = {0, 120, 195, 330, 470, 560, 650, 740};
    private static final DateTimeFormatter BOOKED = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    private StatementPdf() {}

    static byte[] of(Statement.Shown statement, ConsoleTexts texts) {
        try (PDDocument document = new PDDocument(); InputStream ttf = StatementPdf.class.getResourceAsStream("/fonts/DejaVuSans.ttf")) {
            PDType0Font font = PDType0Font.load(document, ttf);
            PDDocumentInformation information = document.getDocumentInformation();
            information.setTitle(texts.word("statement") + " " + statement.customer().name());
            information.setProducer("Recaudo");
            List<List<String>> rows = rows(statement, texts);
            PDRectangle size = new PDRectangle(PDRectangle.A4.getHeight(), PDRectangle.A4.getWidth());
            int perPage = (int) ((size.getHeight() - 2 * MARGIN - 4 * ROW) / ROW);
            for (int first = 0; first == 0 || first < rows.size(); first += perPage) {
                PDPage page = new PDPage(size);
                document.addPage(page);
                try (PDPageContentStream content = new PDPageContentStream(document, page)) {
                    float y = size.getHeight() - MARGIN;
                    write(content, font, 13, MARGIN, y, texts.word("statement") + ": " + statement.customer().name());
                    y -= ROW * 1.5f;
                    write(content, font, 9, MARGIN, y, period(statement, texts));
                    y -= ROW * 1.5f;
                    y = row(content, font, y, List.of(texts.word("bookedAt"), texts.word("valueDate"), texts.word("transferKind"),
                            texts.word("document"), texts.word("payment"), texts.word("charge"), texts.word("credit"), texts.word("balance")));
                    for (List<String> row : rows.subList(first, Math.min(rows.size(), first + perPage))) {
                        y = row(content, font, y, row);
                    }
                }
            }
            ByteArrayOutputStream pdf = new ByteArrayOutputStream();
            document.save(pdf);
            return pdf.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<List<String>> rows(Statement.Shown statement, ConsoleTexts texts) {
        ZoneId zone = statement.timeZone();
        List<List<String>> rows = new ArrayList<>();
        for (Account account : statement.accounts()) {
            rows.add(List.of(account.currency().name(), "", texts.word("openingBalance"), "", "", "", "",
                    texts.amount(Money.of(account.openingMinor(), account.currency()))));
            for (Line line : account.lines()) {
                rows.add(List.of(BOOKED.format(line.bookedAt()), line.valueAt().map(at -> LocalDate.ofInstant(at, zone).toString()).orElse(""),
                        ConsoleStatementViews.reason(line.kind(), texts), clip(line.document().orElse(""), 22),
                        clip(line.payment().orElse(""), 14),
                        line.amountMinor() > 0 ? texts.amount(Money.of(line.amountMinor(), account.currency())) : "",
                        line.amountMinor() < 0 ? texts.amount(Money.of(-line.amountMinor(), account.currency())) : "",
                        texts.amount(Money.of(line.balanceMinor(), account.currency()))));
            }
            rows.add(List.of(account.currency().name(), "", texts.word("closingBalance"), "", "", "", "",
                    texts.amount(Money.of(account.closingMinor(), account.currency()))));
        }
        return rows;
    }

    private static String period(Statement.Shown statement, ConsoleTexts texts) {
        return statement.from().map(from -> texts.word("from") + " " + from + " ").orElse("") + texts.word("through") + " "
                + statement.through() + " · " + texts.word("timeZone") + ": " + ConsoleStatementViews.zoneName(statement.timeZone());
    }

    private static float row(PDPageContentStream content, PDType0Font font, float y, List<String> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            write(content, font, 8, MARGIN + COLUMNS[i], y, cells.get(i));
        }
        return y - ROW;
    }

    private static void write(PDPageContentStream content, PDType0Font font, float size, float x, float y, String text) throws IOException {
        content.beginText();
        content.setFont(font, size);
        content.newLineAtOffset(x, y);
        content.showText(drawable(font, text));
        content.endText();
    }

    /** {@code text} with each character the font has no glyph for (a control, an emoji, a script it lacks) as {@code ?}. */
    static String drawable(PDType0Font font, String text) {
        CmapLookup glyphs = glyphs(font);
        StringBuilder drawn = new StringBuilder(text.length());
        text.codePoints().forEach(codePoint -> {
            boolean drawable = !Character.isISOControl(codePoint) && glyphs.getGlyphId(codePoint) != 0;
            drawn.append(drawable ? new String(Character.toChars(codePoint)) : "?");
        });
        return drawn.toString();
    }

    private static CmapLookup glyphs(PDType0Font font) {
        try {
            return ((PDCIDFontType2) font.getDescendantFont()).getTrueTypeFont().getUnicodeCmapLookup();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String clip(String text, int most) {
        return text.length() <= most ? text : text.substring(0, most - 1) + "…";
    }
}

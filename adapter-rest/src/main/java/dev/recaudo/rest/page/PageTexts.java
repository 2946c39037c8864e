package dev.recaudo.rest.page;

import dev.recaudo.application.checkout.HostedCheckoutUseCase.PageState;
import dev.recaudo.domain.money.Money;
import dev.recaudo.rest.common.LocalizedFormats;
import java.time.LocalDate;
import java.util.Locale;

/**
 * The words of the hosted page in the payer's language: Latin American Spanish ({@code es-419}) by
 * default, English when {@code Accept-Language} prefers it. Amounts and dates are formatted for that locale.
 */
public record PageTexts(
        String lang,
        Locale locale,
        String amountLabel,
        String dueLabel,
        String pay,
        String sandboxNote,
        String unavailable,
        String backToShop,
        String notFoundTitle,
        String notFoundText,
        String staleFormTitle,
        String staleFormText,
        String refusedTitle,
        String refusedText,
        String failureTitle,
        String failureText,
        String testBadge,
        String payByCard,
        String processing,
        String processingNote,
        String refresh) {

    static final PageTexts SPANISH = new PageTexts("es-419", Locale.forLanguageTag("es-419"), "Monto", "Vence",
            "Pagar", "Cobro de prueba: el pago se simula y no mueve dinero real.",
            "El pago en línea no está disponible para este cobro. Contacta al comercio para pagarlo.",
            "Volver al comercio", "Cobro no encontrado",
            "Este enlace de pago no existe o ya no está disponible. Revisa el enlace que recibiste.",
            "El formulario venció", "No se hizo ningún pago. Vuelve a abrir el enlace de pago e inténtalo de nuevo.",
            "No se pudo atender la solicitud", "Vuelve a abrir el enlace de pago que recibiste.",
            "Algo salió mal", "Inténtalo de nuevo en unos minutos. Si el problema sigue, contacta al comercio.", "Prueba",
            "Pagar con tarjeta", "Procesando el pago",
            "Recibimos tu pago y lo estamos confirmando. Esto suele tardar unos segundos.", "Actualizar");

    static final PageTexts ENGLISH = new PageTexts("en", Locale.ENGLISH, "Amount", "Due", "Pay",
            "Test checkout: the payment is simulated and moves no real money.",
            "Online payment is not available for this checkout. Contact the merchant to pay it.",
            "Back to the merchant", "Checkout not found",
            "This payment link does not exist or is no longer available. Check the link you received.",
            "The form has expired", "Nothing was paid. Open the payment link again and retry.",
            "This request cannot be answered", "Open the payment link you received again.",
            "Something went wrong", "Try again in a few minutes. If the problem persists, contact the merchant.", "Test",
            "Pay by card", "Processing the payment",
            "We received your payment and are confirming it. This usually takes a few seconds.", "Refresh");

    /** English when the first language range the payer names is English; Spanish otherwise. */
    public static PageTexts forAcceptLanguage(String header) {
        if (header == null || header.isBlank()) {
            return SPANISH;
        }
        try {
            return Locale.LanguageRange.parse(header.length() > 200 ? header.substring(0, 200) : header).stream()
                    .filter(range -> range.getWeight() > 0)
                    .map(range -> range.getRange().toLowerCase(Locale.ROOT))
                    .filter(range -> range.startsWith("en") || range.startsWith("es"))
                    .findFirst()
                    .map(range -> range.startsWith("en") ? ENGLISH : SPANISH)
                    .orElse(SPANISH);
        } catch (IllegalArgumentException malformed) {
            return SPANISH;
        }
    }

    public String state(PageState state) {
        boolean english = this == ENGLISH;
        return switch (state) {
            case PENDING -> english ? "Pending payment" : "Pendiente de pago";
            case PAID -> english ? "Paid" : "Pagado";
            case CANCELED -> english ? "Canceled" : "Cancelado";
            case FAILED -> english ? "Payment declined" : "Pago rechazado";
        };
    }

    public String amount(Money money) {
        return LocalizedFormats.amount(money, locale);
    }

    public String date(LocalDate date) {
        return LocalizedFormats.date(date, locale);
    }
}

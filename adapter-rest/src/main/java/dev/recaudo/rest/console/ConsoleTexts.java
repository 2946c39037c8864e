package dev.recaudo.rest.console;

import dev.recaudo.domain.apikey.KeyEnvironment;
import dev.recaudo.rest.page.PageTexts;

/**
 * The console's words in the reader's language: Latin American Spanish ({@code es-419}) by default,
 * English when {@code Accept-Language} prefers it, chosen as the hosted page chooses.
 */
public record ConsoleTexts(
        String lang,
        String console,
        String signInTitle,
        String email,
        String password,
        String signIn,
        String wrongCredentials,
        String tooManyFailures,
        String companyDisabled,
        String staleFormTitle,
        String staleFormText,
        String signedInAs,
        String company,
        String environment,
        String live,
        String test,
        String testNote,
        String switchTo,
        String signOut,
        String sessionEnds,
        String notFoundTitle,
        String notFoundText,
        String refusedTitle,
        String refusedText,
        String failureTitle,
        String failureText,
        String backToConsole) {

    static final ConsoleTexts SPANISH = new ConsoleTexts("es-419", "Consola de Recaudo", "Iniciar sesión", "Correo electrónico",
            "Contraseña", "Entrar", "Correo o contraseña incorrectos.",
            "Demasiados intentos fallidos. Espera un momento e inténtalo de nuevo.",
            "Tu empresa está deshabilitada. Escribe a soporte de Recaudo.", "El formulario venció",
            "No se hizo ningún cambio. Vuelve a la página y repite la acción.", "Sesión de", "Empresa", "Entorno",
            "Producción", "Pruebas", "Estás viendo datos de prueba: nada de lo que ves mueve dinero real.", "Cambiar a",
            "Cerrar sesión", "La sesión termina a más tardar", "Página no encontrada", "Esta página de la consola no existe.",
            "No se puede atender esta solicitud", "Vuelve a la consola e inténtalo de nuevo.", "Algo salió mal",
            "Inténtalo de nuevo en unos minutos.", "Volver a la consola");

    static final ConsoleTexts ENGLISH = new ConsoleTexts("en", "Recaudo console", "Sign in", "E-mail", "Password", "Sign in",
            "Wrong e-mail or password.", "Too many failed attempts. Wait a moment and try again.",
            "Your company is disabled. Write to Recaudo's support.", "The form has expired",
            "Nothing was changed. Go back to the page and do it again.", "Signed in as", "Company", "Environment", "Live",
            "Test", "You are looking at test data: nothing here moves real money.", "Switch to", "Sign out",
            "The session ends at the latest", "Page not found", "This console page does not exist.",
            "This request cannot be answered", "Go back to the console and try again.", "Something went wrong",
            "Try again in a few minutes.", "Back to the console");

    static ConsoleTexts forAcceptLanguage(String header) {
        return PageTexts.forAcceptLanguage(header).lang().equals(ENGLISH.lang) ? ENGLISH : SPANISH;
    }

    public String environmentName(KeyEnvironment environment) {
        return environment == KeyEnvironment.LIVE ? live : test;
    }
}

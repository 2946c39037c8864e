package dev.recaudo.rest.console;

import dev.recaudo.domain.admin.UserRole;
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
        String backToConsole,
        String notAllowedTitle,
        String notAllowedText,
        String people,
        String account,
        String role,
        String since,
        String viewer,
        String clerk,
        String administrator,
        String change,
        String remove,
        String invite,
        String inviteTitle,
        String invitations,
        String expires,
        String revoke,
        String invitationLink,
        String invitationLinkNote,
        String emailInvalid,
        String emailTaken,
        String lastAdministrator,
        String notFound,
        String currentPassword,
        String newPassword,
        String changePassword,
        String passwordRefused,
        String wrongPassword,
        String invitationTitle,
        String invitationText,
        String join,
        String invitationGone) {

    static final ConsoleTexts SPANISH = new ConsoleTexts("es-419", "Consola de Recaudo", "Iniciar sesión", "Correo electrónico",
            "Contraseña", "Entrar", "Correo o contraseña incorrectos.",
            "Demasiados intentos fallidos. Espera un momento e inténtalo de nuevo.",
            "Tu empresa está deshabilitada. Escribe a soporte de Recaudo.", "El formulario venció",
            "No se hizo ningún cambio. Vuelve a la página y repite la acción.", "Sesión de", "Empresa", "Entorno",
            "Producción", "Pruebas", "Estás viendo datos de prueba: nada de lo que ves mueve dinero real.", "Cambiar a",
            "Cerrar sesión", "La sesión termina a más tardar", "Página no encontrada", "Esta página de la consola no existe.",
            "No se puede atender esta solicitud", "Vuelve a la consola e inténtalo de nuevo.", "Algo salió mal",
            "Inténtalo de nuevo en unos minutos.", "Volver a la consola", "No tienes permiso",
            "Esta página es para otro rol. Pide a un administrador de tu empresa que te lo asigne.", "Personas", "Cuenta", "Rol",
            "Desde", "Consulta", "Conciliación", "Administración", "Cambiar", "Quitar", "Invitar", "Invitar a una persona",
            "Invitaciones pendientes", "Vence", "Revocar", "Enlace de la invitación",
            "Compártelo solo con esa persona: se muestra una vez y sirve una semana.", "Ese correo no es válido.",
            "Alguien ya entra con ese correo.", "La empresa debe conservar al menos un administrador.",
            "Esa persona o invitación ya no está.", "Contraseña actual", "Contraseña nueva", "Cambiar la contraseña",
            "La contraseña debe tener al menos 8 caracteres y como máximo 72 bytes.", "La contraseña actual no es correcta.",
            "Únete a tu empresa en Recaudo", "Elige una contraseña para entrar a la consola.", "Unirme",
            "Esta invitación ya no es válida. Pide otra a un administrador de tu empresa.");

    static final ConsoleTexts ENGLISH = new ConsoleTexts("en", "Recaudo console", "Sign in", "E-mail", "Password", "Sign in",
            "Wrong e-mail or password.", "Too many failed attempts. Wait a moment and try again.",
            "Your company is disabled. Write to Recaudo's support.", "The form has expired",
            "Nothing was changed. Go back to the page and do it again.", "Signed in as", "Company", "Environment", "Live",
            "Test", "You are looking at test data: nothing here moves real money.", "Switch to", "Sign out",
            "The session ends at the latest", "Page not found", "This console page does not exist.",
            "This request cannot be answered", "Go back to the console and try again.", "Something went wrong",
            "Try again in a few minutes.", "Back to the console", "Not allowed",
            "This page is for another role. Ask an administrator of your company to give it to you.", "People", "Account", "Role",
            "Since", "Viewer", "Reconciliation", "Administration", "Change", "Remove", "Invite", "Invite a person",
            "Pending invitations", "Expires", "Revoke", "Invitation link",
            "Share it with that person only: it is shown once and works for a week.", "That e-mail is not valid.",
            "Someone already signs in with that e-mail.", "The company must keep at least one administrator.",
            "That person or invitation is no longer there.", "Current password", "New password", "Change the password",
            "The password needs at least 8 characters and at most 72 bytes.", "The current password is not right.",
            "Join your company on Recaudo", "Choose a password to sign in to the console.", "Join",
            "This invitation is no longer valid. Ask an administrator of your company for another one.");

    static ConsoleTexts forAcceptLanguage(String header) {
        return PageTexts.forAcceptLanguage(header).lang().equals(ENGLISH.lang) ? ENGLISH : SPANISH;
    }

    public String environmentName(KeyEnvironment environment) {
        return environment == KeyEnvironment.LIVE ? live : test;
    }

    public String roleName(UserRole role) {
        return switch (role) {
            case VIEWER -> viewer;
            case CLERK -> clerk;
            case ADMIN -> administrator;
        };
    }
}

package dev.recaudo.application.fakes;

import dev.recaudo.domain.admin.PasswordHasher;

/** Not a hash at all: readable in assertions and instant. It counts checks so timing-safety paths can be seen. */
public final class FakePasswordHasher implements PasswordHasher {

    private static final String MARK = "hashed:";
    private int checks;

    @Override
    public String hash(String password) {
        return MARK + password;
    }

    @Override
    public boolean matches(String password, String hash) {
        checks++;
        return hash.equals(hash(password));
    }

    public int checks() {
        return checks;
    }
}

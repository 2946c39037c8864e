package dev.recaudo.domain.admin;

/** Port: a deliberately slow, salted password hash from a well-kept library. */
public interface PasswordHasher {

    String hash(String password);

    boolean matches(String password, String hash);
}

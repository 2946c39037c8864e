package dev.recaudo.e2e.persistence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.recaudo.e2e.support.Tenants;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.sql.Connection;
import java.sql.PreparedStatement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;

/**
 * A statement the database refuses carries the refused key or row in the server's DETAIL. The
 * service's connections leave it out of exception messages ({@code logServerErrorDetail=false}), so
 * an unexpected failure's stack trace in the log does not quote customer data; the detail stays
 * readable, structured, for code that needs it.
 */
@QuarkusTest
class ServerErrorDetailPersistenceTest {

    @Inject
    DataSource dataSource;

    @Test
    void givenADuplicateAdministratorEmail_whenInsertedRaw_thenTheExceptionAsLoggedDoesNotQuoteTheEmail() throws Exception {
        Tenants.Company company = Tenants.company();
        PSQLException refused;
        try (Connection connection = dataSource.getConnection();
                PreparedStatement duplicate = connection.prepareStatement("INSERT INTO admin_users (id, company_id, email,"
                        + " password_hash, created_at) SELECT gen_random_uuid(), company_id, email, password_hash, now()"
                        + " FROM admin_users WHERE email = ?")) {
            duplicate.setString(1, company.adminEmail());
            refused = catchThrowableOfType(PSQLException.class, duplicate::executeUpdate);
        }
        assertThat((Throwable) refused).as("the duplicate is refused").isNotNull();
        assertThat(refused.getServerErrorMessage().getDetail()).as("the server's detail, structured").contains(company.adminEmail());
        StringWriter logged = new StringWriter();
        refused.printStackTrace(new PrintWriter(logged));
        assertThat(logged.toString()).as("the exception as a stack trace in the log shows it").contains("admin_users")
                .doesNotContain(company.adminEmail());
    }
}

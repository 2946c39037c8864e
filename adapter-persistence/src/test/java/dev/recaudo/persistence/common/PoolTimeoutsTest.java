package dev.recaudo.persistence.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.agroal.api.AgroalDataSource;
import io.agroal.api.configuration.supplier.AgroalDataSourceConfigurationSupplier;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The pool's timeout while a new connection is still opening, raised by a real Agroal pool rather
 * than by a hand-written message: a server that accepts the connection and never answers keeps it
 * opening. A fresh pool growing under a burst meets it (HotDocumentIT, on CI); it must read as a
 * database out of reach for now ({@code 503}), never as a failure of the request ({@code 500}).
 * The other timeout, no connection free, is {@link UnavailabilityTest}'s.
 */
class PoolTimeoutsTest {

    private static final Duration ACQUISITION_TIMEOUT = Duration.ofMillis(300);

    @Test
    void givenNewConnectionStillOpening_whenAcquisitionTimesOut_thenStoreUnavailable() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                AgroalDataSource pool = pool(silent.getLocalPort())) {
            SQLException timeout = catchThrowableOfType(SQLException.class, pool::getConnection);

            assertThat(timeout.getMessage()).contains("new connection");
            assertThat(Unavailability.of("statement", new IllegalStateException("wrapped", timeout))).isPresent();
        }
    }

    private static AgroalDataSource pool(int port) throws SQLException {
        return AgroalDataSource.from(new AgroalDataSourceConfigurationSupplier().connectionPoolConfiguration(pool -> pool
                .maxSize(1)
                .acquisitionTimeout(ACQUISITION_TIMEOUT)
                .connectionFactoryConfiguration(factory -> factory
                        .jdbcUrl("jdbc:postgresql://127.0.0.1:" + port + "/silent?connectTimeout=5&socketTimeout=5"))));
    }
}

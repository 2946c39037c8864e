package dev.recaudo.battery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.recaudo.battery.BatteryClient.Answer;
import dev.recaudo.battery.BatteryClient.Call;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The crash tools the battery's crash tests rely on do what they say. */
@Slow(part = 0)
class CrashHarnessIT {

    @Test
    void givenACommittedRow_whenTheThrowawayClusterStopsImmediatelyAndStartsAgain_thenTheRowSurvives() throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create()) {
            Database database = cluster.createDatabase("crash_");
            try (Connection connection = database.connect(); Statement statement = connection.createStatement()) {
                statement.execute("CREATE TABLE kept (amount_minor bigint)");
                statement.execute("INSERT INTO kept VALUES (4200)");
            }
            cluster.stopImmediately();
            assertThatThrownBy(database::connect).as("the stopped cluster").isInstanceOf(SQLException.class);

            cluster.start();
            try (Connection connection = database.connect(); Statement statement = connection.createStatement();
                    ResultSet row = statement.executeQuery("SELECT amount_minor FROM kept")) {
                assertThat(row.next()).as("server log:%n%s", cluster.log()).isTrue();
                assertThat(row.getLong(1)).isEqualTo(4200);
            }
            assertThat(cluster.log()).contains("database system was interrupted");
        }
    }

    @Test
    void givenTwoInstances_whenOneIsKilled9_thenTheClientFailsOverWithTheSameCallAndTheKilledOneRestarts() throws Exception {
        try (ThrowawayCluster cluster = ThrowawayCluster.create(); Battery battery = Battery.on(cluster, Map.of())) {
            IntegrationsPartner partner = battery.company().integrationsPartner();
            assertThat(battery.instance(0).kill9()).as("exit status of SIGKILL, 128 + 9").isEqualTo(137);

            Call upsert = partner.upsertDocument("K-1", "C-1", "USD", 1000, "key-K-1");
            Answer first = battery.client().sendWithFailover(upsert);
            Answer second = battery.client().sendWithFailover(upsert);
            assertThat(first.status()).as("%s", first).isEqualTo(201);
            assertThat(second.body()).as("the replay of the same Idempotency-Key").isEqualTo(first.body());
            assertThat(first.instance() + second.instance()).as("both answered by the survivor").isEqualTo(2);
            assertThat(first.attempts() + second.attempts()).as("one of them was first sent to the dead one").isEqualTo(3);

            battery.instance(0).restart();
            Answer afterRestart = battery.client().sendTo(0, partner.get("/collection-documents/K-1"));
            assertThat(afterRestart.status()).as("%s%n%s", afterRestart, battery.outputs()).isEqualTo(200);
            battery.assertInvariants();
        }
    }
}

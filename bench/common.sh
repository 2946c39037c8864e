# common.sh: sourced by run.sh, flood.sh, floor.sh and probe.sh after they set here, repo, out and
# one variable per variant naming its commit (before and after, or those listed in variants). The
# PostgreSQL settings, the runnable jar of each variant (build-jar.sh), the bench's Java classes,
# starting a variant's service and stopping it, also when the script exits early.
pg_host=${PGHOST:-127.0.0.1}
pg_port=${PGPORT:-5432}
pg_user=${PGUSER:-postgres}
mkdir -p "$out"
pg_cpus=${PG_CPUS:-}
client_cpus=${CLIENT_CPUS:-}
# The service, the load generator and pgbench run on CLIENT_CPUS when it is set (a taskset list).
client_taskset=${client_cpus:+taskset -c $client_cpus}
export PGHOST=$pg_host PGPORT=$pg_port PGUSER=$pg_user

declare -A commit app
for variant in ${variants:-before after}; do
  commit[$variant]=$(git -C "$repo" rev-parse --verify "${!variant}^{commit}")
  app[$variant]=$("$here/build-jar.sh" "${commit[$variant]}")
done

# bench ARGS...: the load generator and summaries (Bench.java and the files beside it), compiled
# once per run: Java 17 runs a single source file directly, and the bench is several.
mkdir -p "$out/classes"
javac -d "$out/classes" "$here"/*.java
bench() { $client_taskset java -Djava.awt.headless=true -cp "$out/classes" Bench "$@"; }

# start_service VARIANT DB LOG: starts the variant's jar on a database it creates and migrates, with
# the rate limits out of the way, loopback webhook receivers allowed and an endpoint paused after
# one failure for DRAIN_PAUSE_SECONDS (Drain.java), and waits until it is ready. Its process id is service_pid.
# SERVICE_JAVA_OPTS are the JVM's options (profile.sh's flight recording). SERVICE_PG_PORT sends the
# service to another port than the bench's own connections (a PgBouncer before the same server), and
# SERVICE_JDBC_PARAMETERS adds to its JDBC URL (?prepareThreshold=0).
start_service() {
  QUARKUS_HTTP_PORT=$port \
  QUARKUS_DATASOURCE_JDBC_URL="jdbc:postgresql://$pg_host:${SERVICE_PG_PORT:-$pg_port}/$2${SERVICE_JDBC_PARAMETERS:-}" \
  QUARKUS_DATASOURCE_USERNAME=$pg_user \
  RECAUDO_OPERATOR_TOKEN=bench-operator \
  RECAUDO_PUBLIC_BASE_URL="http://127.0.0.1:$port" \
  RECAUDO_RATE_LIMIT_PUBLIC_LIMIT=100000000 \
  RECAUDO_RATE_LIMIT_INTEGRATIONS_PER_MINUTE=100000000 \
  RECAUDO_RATE_LIMIT_VERIFIED_PAYMENTS_PER_MINUTE=100000000 \
  RECAUDO_ADMIN_PASSWORD_HASH_COST=4 \
  RECAUDO_WEBHOOKS_ALLOW_PRIVATE_TARGETS=true \
  RECAUDO_WEBHOOKS_PAUSE_AFTER_FAILURES=1 \
  RECAUDO_WEBHOOKS_PAUSE_BASE_SECONDS=${DRAIN_PAUSE_SECONDS:-45} \
    $client_taskset java ${SERVICE_JAVA_OPTS:-} -jar "${app[$1]}/quarkus-run.jar" >"$3" 2>&1 &
  service_pid=$!
  for _ in $(seq 120); do
    if curl -sf "http://127.0.0.1:$port/q/health/ready" >/dev/null; then return 0; fi
    kill -0 "$service_pid" 2>/dev/null || break
    sleep 1
  done
  echo "the $1 service did not get ready; see $3" >&2
  exit 1
}

# pin_cpus: with PG_CPUS (a taskset list such as 1), the PostgreSQL server's processes (the postmaster
# and every backend; new backends inherit it) run on those CPUs only for the run, and on every CPU
# again at its end, also when the script fails: the server is shared, so it is never left pinned.
pin_cpus() {
  if [ -n "$pg_cpus" ]; then
    # A backend that ends between the listing and its pinning needs none.
    for pid in $(pgrep -u postgres -x postgres); do taskset -a -cp "$pg_cpus" "$pid" >/dev/null 2>&1 || true; done
    trap 'stop_service; unpin_cpus' EXIT
  fi
}
unpin_cpus() {
  for pid in $(pgrep -u postgres -x postgres || true); do taskset -a -cp "0-$(($(nproc) - 1))" "$pid" >/dev/null 2>&1 || true; done
}

service_pid=
stop_service() {
  if [ -n "$service_pid" ]; then
    kill "$service_pid" 2>/dev/null || true
    wait "$service_pid" 2>/dev/null || true
    service_pid=
  fi
}
trap stop_service EXIT

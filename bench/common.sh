# common.sh: sourced by run.sh and flood.sh after they set before, after, here, repo and out. The
# PostgreSQL settings, the runnable jar of each variant (build-jar.sh), and stopping the service
# that a script started, also when it exits early.
pg_host=${PGHOST:-127.0.0.1}
pg_port=${PGPORT:-5432}
pg_user=${PGUSER:-postgres}
mkdir -p "$out"
export PGHOST=$pg_host PGPORT=$pg_port PGUSER=$pg_user

declare -A commit app
commit[before]=$(git -C "$repo" rev-parse --verify "$before^{commit}")
commit[after]=$(git -C "$repo" rev-parse --verify "$after^{commit}")
for variant in before after; do
  app[$variant]=$("$here/build-jar.sh" "${commit[$variant]}")
done

service_pid=
stop_service() {
  if [ -n "$service_pid" ]; then
    kill "$service_pid" 2>/dev/null || true
    wait "$service_pid" 2>/dev/null || true
    service_pid=
  fi
}
trap stop_service EXIT

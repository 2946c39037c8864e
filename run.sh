#!/usr/bin/env bash
# Runs Recaudo: builds it when the runnable jar is missing or older than a build input, then starts
# it on port 8080 (QUARKUS_HTTP_PORT). The database named by QUARKUS_DATASOURCE_JDBC_URL (default
# jdbc:postgresql://localhost:5432/recaudo) is created when missing and migrated at start.
# `./run.sh --build-only` builds when needed and stops there (deploy/container.sh build uses it).
set -euo pipefail
cd "$(dirname "$0")"
jar=bootstrap-quarkus/target/quarkus-app/quarkus-run.jar

# Prints the first build input newer than the jar. Inputs are every pom.xml, .mvn/ and everything
# under a module's src/main, directories included (a deleted or renamed file changes its
# directory). Build outputs (target/, which the build writes after the jar) and files the jar is not
# made from (tests, docs) are not inputs, so they never make a start build again.
newer_build_input() {
  find . \( -name .git -o \( -name target ! -path '*/src/*' \) \) -prune -o \
    \( -name pom.xml -o -path ./.mvn -o -path './.mvn/*' -o -path '*/src/main' -o -path '*/src/main/*' \) \
    -newer "$jar" -print -quit
}

if [ ! -f "$jar" ] || [ -n "$(newer_build_input)" ]; then
  echo "Building Recaudo..." >&2
  ./mvnw -B -q package -DskipTests -Dnative.sources.skip
fi
if [ "${1:-}" = "--build-only" ]; then
  exit 0
fi
exec java ${JAVA_OPTS:-} -jar "$jar" "$@"

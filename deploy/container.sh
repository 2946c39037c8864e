#!/usr/bin/env bash
# Builds and runs Recaudo's JVM image with Debian's podman, as root, on a machine without a Docker
# daemon or a registry (docs/operations.md, "Container image").
#
#   deploy/container.sh build [TAG]      packages the jar when its sources changed (as run.sh does),
#                                        builds the Debian base when it is missing, then the image
#                                        (default tag localhost/recaudo:jvm)
#   deploy/container.sh image [TAG [CONTEXT]]
#                                        only the image, from the jar already packaged under CONTEXT
#                                        (default: the repository) and the base already built
#   deploy/container.sh run [TAG] [podman run options...] [-- command...]
#                                        runs the image on the host's network, in the foreground;
#                                        settings go in as environment, e.g.
#                                        -e QUARKUS_DATASOURCE_JDBC_URL=jdbc:postgresql://127.0.0.1:5432/recaudo
#
# podman runs with runc and cgroupfs here (crun refuses this machine's cgroup layout), and with
# ulimits it may set without CAP_SYS_RESOURCE: nofile at most the host's hard limit, nproc 32768.
set -euo pipefail
cd "$(dirname "$0")/.."

podman=(podman --runtime runc --cgroup-manager cgroupfs)

limits() {
  local nofile
  nofile=$(ulimit -Hn)
  [ "$nofile" = unlimited ] && nofile=1048576
  printf -- '--ulimit=nofile=%s:%s --ulimit=nproc=32768:32768' "$nofile" "$nofile"
}

command=${1:-}
shift || true
case "$command" in
  build)
    tag=${1:-localhost/recaudo:jvm}
    ./run.sh --build-only
    deploy/base-image.sh
    exec "$0" image "$tag"
    ;;
  image)
    tag=${1:-localhost/recaudo:jvm}
    context=${2:-.}
    # The docker format keeps HEALTHCHECK, which the OCI format has no field for.
    # shellcheck disable=SC2046
    "${podman[@]}" build --format docker $(limits) -f Containerfile.jvm -t "$tag" "$context"
    ;;
  run)
    tag=localhost/recaudo:jvm
    if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
      tag=$1
      shift
    fi
    options=()
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
      options+=("$1")
      shift
    done
    [ $# -gt 0 ] && shift
    # shellcheck disable=SC2046
    # No systemd here to time the health check: `podman healthcheck run NAME` runs it on demand.
    exec "${podman[@]}" run --rm --network=host --health-interval=disable $(limits) "${options[@]}" "$tag" "$@"
    ;;
  *)
    sed -n '2,17p' "$0" >&2
    exit 2
    ;;
esac

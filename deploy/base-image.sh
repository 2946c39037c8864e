#!/usr/bin/env bash
# Builds the JVM base image, localhost/recaudo-base:bookworm, from Debian's own packages: no registry
# is needed. debootstrap lays out a minimal Debian (minbase), the JRE and CA certificates are
# installed into it with the security updates of the day, and what a server never reads (manuals,
# documentation, locales, apt's lists and caches) is removed before `podman import`. Runs as root.
#
#   deploy/base-image.sh             builds the image unless it exists already
#   deploy/base-image.sh --rebuild   builds it again (to take the day's security updates)
#
# BASE_IMAGE names the image, DEBIAN_MIRROR the mirror (default: the first one apt uses here).
set -euo pipefail

image=${BASE_IMAGE:-localhost/recaudo-base:bookworm}
suite=bookworm

if [ "${1:-}" != "--rebuild" ] && podman image exists "$image"; then
  echo "$image exists (deploy/base-image.sh --rebuild builds it again)" >&2
  exit 0
fi

mirror=${DEBIAN_MIRROR:-$(sed -n 's/^URIs: *\(\S*debian\)$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)}
mirror=${mirror:-http://deb.debian.org/debian}
security=${mirror%/debian}/debian-security

rootfs=$(mktemp -d /var/tmp/recaudo-rootfs.XXXXXX)
cleanup() {
  umount "$rootfs/proc" 2>/dev/null || true
  # Never past the tree itself, should /proc still be mounted in it.
  rm -rf --one-file-system "$rootfs"
}
trap cleanup EXIT

started=$(date +%s)
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >&2

cat > "$rootfs/etc/apt/sources.list" <<SOURCES
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
SOURCES
# Documentation and locales are never installed into the image, now or by a later apt-get.
cat > "$rootfs/etc/dpkg/dpkg.cfg.d/01-slim" <<'SLIM'
path-exclude /usr/share/doc/*
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
SLIM

# The JRE's post-install script reads /proc.
mount -t proc proc "$rootfs/proc"
chroot "$rootfs" /usr/bin/env DEBIAN_FRONTEND=noninteractive bash -euc '
  apt-get update -q
  apt-get upgrade -y -q
  apt-get install -y -q --no-install-recommends openjdk-17-jre-headless ca-certificates
  apt-get clean
' >&2
umount "$rootfs/proc"

rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/log/* "$rootfs"/tmp/* \
  "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*

java_home=/usr/lib/jvm/java-17-openjdk-$(chroot "$rootfs" dpkg --print-architecture)
tar -C "$rootfs" -c . | podman import \
  --change 'ENV LANG=C.UTF-8' \
  --change "ENV JAVA_HOME=$java_home" \
  --change 'CMD ["/bin/bash"]' \
  - "$image" >&2
echo "built $image in $(( $(date +%s) - started )) s: $(podman image inspect --format '{{.Size}}' "$image") bytes" >&2

# Sourced by the checks that mount file systems: sets $namespace to the command that runs its
# arguments in a mount namespace of their own (as root there), or skips the check (exit 77, CTest's
# SKIP_RETURN_CODE) saying why, where none can be made; $work is a new directory removed on exit.
if [ "$(id -u)" -eq 0 ]; then namespace="unshare --mount"; else namespace="unshare --mount --map-root-user"; fi
# Where namespaces are allowed but mounting is not (some containers), the check is skipped too.
probe=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-probe.XXXXXX")
if ! $namespace mount -t tmpfs -o size=64k tmpfs "$probe" 2>/dev/null; then
  rmdir "$probe"
  echo "skipped: no mount namespace can be made here ($skipped_coverage)"
  exit 77
fi
rmdir "$probe"
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-mount.XXXXXX")
trap 'rm -rf "$work"' EXIT
export GEMMTUNE_CACHE_DIR="${GEMMTUNE_CACHE_DIR:-$work/cache}"  # compiled kernels, not the database's to lose

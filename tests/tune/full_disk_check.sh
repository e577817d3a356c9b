#!/bin/sh
# `gemmtune tune` on a full file system (a small tmpfs, mounted in a mount namespace of its own):
# one error line and exit code 1, the database intact (`db check`), and once space is back the same
# command goes on, keeping both. Skipped (exit 77) where no namespace can be made.
set -u
gemmtune=$1
skipped_coverage="the file-size limit test covers the same path"
. "$(dirname "$0")/mount_namespace.sh"
$namespace sh -eu -c '
  gemmtune=$1 work=$2
  mkdir "$work/fs"
  mount -t tmpfs -o size=512k tmpfs "$work/fs"
  db="$work/fs/tuning.db"
  tune() { "$gemmtune" tune --family xgemm_skinny --sizes 16 --strategy random --runs 1 --db "$db" "$@"; }
  count() { "$gemmtune" db export --format csv --db "$db" | tail -n +2 | wc -l; }
  tune --budget 3 2>/dev/null
  before=$(count)
  # Everything the file system has left, filled.
  dd if=/dev/zero of="$work/fs/filler" bs=4k 2>/dev/null || true
  status=0
  tune --budget 12 2>"$work/errors" || status=$?
  if [ "$status" -ne 1 ]; then echo "a full file system: exit code $status, not 1"; cat "$work/errors"; exit 1; fi
  errors=$(grep -c "error" "$work/errors" || true)
  last=$(tail -n 1 "$work/errors")
  case "$last" in
    "gemmtune tune: error: $db: "*full*|"gemmtune tune: error: $db: "*"No space left on device"*) ;;
    *) echo "the last line does not name the database and a full disk: $last"; exit 1 ;;
  esac
  if [ "$errors" -ne 1 ]; then echo "$errors error lines, not 1:"; cat "$work/errors"; exit 1; fi
  rm "$work/fs/filler"
  "$gemmtune" db check --db "$db"
  kept=$(count)
  if [ "$kept" -lt "$before" ]; then echo "the full disk lost results: $before before, $kept after"; exit 1; fi
  tune --budget 12 2>/dev/null
  after=$(count)
  if [ "$after" -le "$kept" ]; then echo "nothing was tuned once space was back ($kept, then $after)"; exit 1; fi
  "$gemmtune" db check --db "$db"
  echo "full disk: $before evaluations before, $kept kept through it, $after once space was back"
' sh "$gemmtune" "$work"

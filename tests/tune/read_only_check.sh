#!/bin/sh
# A database on a read-only mount (a bind mount in a mount namespace of its own, which binds root
# too): `gemmtune tune` refuses it at the start in one line (exit code 2), before enumerating or
# tuning anything, and the library still reads it (`gemmtune run` takes its tuned configuration).
# Skipped (exit 77) where no namespace can be made.
set -u
gemmtune=$1
skipped_coverage="tests/db cover a read-only file"
. "$(dirname "$0")/mount_namespace.sh"
mkdir "$work/db"
"$gemmtune" tune --family xgemm_skinny --sizes 16 --budget 2 --runs 1 --db "$work/db/tuning.db" 2>/dev/null || exit 1
$namespace sh -eu -c '
  gemmtune=$1 db=$2/db/tuning.db errors=$2/errors
  mount --bind -o ro "$2/db" "$2/db"
  status=0
  "$gemmtune" tune --family xgemm_skinny --sizes 16 --budget 4 --db "$db" 2>"$errors" || status=$?
  if [ "$status" -ne 2 ]; then echo "tune on a read-only database: exit code $status, not 2"; cat "$errors"; exit 1; fi
  if [ "$(wc -l <"$errors")" -ne 1 ]; then echo "not one line, nor at the start:"; cat "$errors"; exit 1; fi
  case "$(cat "$errors")" in
    "gemmtune tune: error: $db: not writable"*) ;;
    *) echo "the line does not say the database is not writable: $(cat "$errors")"; exit 1 ;;
  esac
  "$gemmtune" run --size 16 --check --db "$db" >"$2/run.txt"
  grep -q "exact: tuned 16x16x16 on this device" "$2/run.txt" || { echo "the tuned configuration was not used:"; cat "$2/run.txt"; exit 1; }
  echo "read-only database: tune refused in one line, run used its tuned configuration"
' sh "$gemmtune" "$work"

#!/bin/bash
# examples/slurm on a real Slurm: a controller, one node and munge started in a temporary
# directory on this machine (Debian's slurm-wlm and munge, as root), the session submitted as a job
# array of 3 parts and a dependent merge job (submit.sh), waited for, and the merged database
# compared with one process's run of the same session: the same evaluations.
# Usage: slurm_check.sh GEMMTUNE_BINARY SOURCE_DIRECTORY
set -euo pipefail
gemmtune=$1 source=$2
for program in munged slurmctld slurmd sbatch scontrol; do
  command -v "$program" >/dev/null || { echo "$program is missing: install slurm-wlm and munge (gemmtune.sh does)"; exit 1; }
done
[ "$(id -u)" -eq 0 ] || { echo "skipped: starting slurmd and munged takes root"; exit 77; }

# munged refuses a socket directory that others cannot traverse.
work=$(mktemp -d "${TMPDIR:-/tmp}/gemmtune-slurm.XXXXXX")
chmod 0755 "$work"
stop() {
  [ -n "${SLURM_CONF:-}" ] && scontrol shutdown >/dev/null 2>&1 || true
  for pid_file in "$work/slurmctld.pid" "$work/slurmd.pid"; do
    for _ in $(seq 50); do [ -e "$pid_file" ] || break; sleep 0.1; done
  done
  [ -e "$work/munged.pid" ] && kill "$(cat "$work/munged.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap stop EXIT

mkdir -p "$work/munge" "$work/state" "$work/spool"
chmod 0755 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 0600 "$work/munge/munge.key"
munged --force --key-file="$work/munge/munge.key" --socket="$work/munge/socket" --pid-file="$work/munged.pid" \
  --log-file="$work/munged.log" --seed-file="$work/munge/seed"

# Free ports of this run, so that two runs (or a leftover daemon) do not meet.
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
controller_port=$(free_port) node_port=$(free_port)
read -r cpus memory < <(slurmd -C | sed -n 's/.*CPUs=\([0-9]*\).*RealMemory=\([0-9]*\).*/\1 \2/p')
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<CONF
ClusterName=gemmtune
SlurmctldHost=localhost
SlurmctldPort=$controller_port
SlurmdPort=$node_port
SlurmUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/socket
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SchedulerType=sched/builtin
SchedulerParameters=batch_sched_delay=0
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
NodeName=ci1 NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory State=UNKNOWN
PartitionName=test Nodes=ci1 Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -f "$SLURM_CONF"
slurmd -N ci1 -f "$SLURM_CONF"
for _ in $(seq 100); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.2
done
[ "$(sinfo -h -o %t)" = idle ] || { echo "the node did not come up:"; tail -5 "$work/slurmctld.log" "$work/slurmd.log"; exit 1; }

# The session: a space small enough to be searched whole, so that no part depends on another's.
cat >"$work/space.json" <<'SPACE'
{"kernel": "xgemm_skinny", "parameters": [{"name": "WPTM", "values": [1, 2]}, {"name": "WPTN", "values": [1, 2]}]}
SPACE
session=(--space "$work/space.json" --sizes 16,24,32,40x8x16,8 --budget 4 --runs 1)
mkdir "$work/jobs"
submitted=$(cd "$work/jobs" && GEMMTUNE="$gemmtune" GEMMTUNE_SHARDS="$work/shards" \
  "$source/examples/slurm/submit.sh" 3 "$work/merged.db" "${session[@]}")
merge=${submitted##* }
state=""
for _ in $(seq 600); do
  state=$(scontrol -o show job "$merge" | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p')
  case "$state" in COMPLETED|FAILED|CANCELLED|TIMEOUT|NODE_FAIL|OUT_OF_MEMORY) break ;; esac
  sleep 0.5
done
if [ "$state" != COMPLETED ]; then
  echo "the merge job ended $state ($submitted)"; tail -n 5 "$work"/jobs/*.log; exit 1
fi
"$gemmtune" tune "${session[@]}" --db "$work/single.db" 2>/dev/null
evaluated() {  # problem, configuration and status of each evaluation, sorted
  "$gemmtune" db export --format csv --db "$1" | python3 -c '
import csv, sys
for row in sorted(csv.DictReader(sys.stdin), key=lambda r: (r["m"], r["n"], r["k"], r["config_key"])):
    print(row["precision"], row["trans"], row["m"], row["n"], row["k"], row["config_key"], row["status"])'
}
if ! diff <(evaluated "$work/merged.db") <(evaluated "$work/single.db") >"$work/difference"; then
  echo "the merged parts differ from one process's run:"; cat "$work/difference"; exit 1
fi
echo "Slurm: 3 parts and their merge ($submitted) hold the $(evaluated "$work/single.db" | wc -l) evaluations of one process's run"

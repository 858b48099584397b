#!/usr/bin/env bash
# End-to-end: a sharded tournament on a real Slurm cluster.  It starts a
# one-node cluster from Debian's slurm-wlm and munge on this host (munged,
# slurmctld and slurmd, a generated slurm.conf, every file under this
# test's temporary folder, ports chosen free), submits
# tournaments/slurm-shards.sh as a job array with `sbatch --wait`, checks
# that the shards together finished exactly the whole schedule, that they
# verify and that they rate as one, then stops every daemon and checks that
# nothing is left running.  It skips only where Slurm cannot be started:
# not root (slurmd starts jobs), or the packages missing.
. "$(dirname "$0")/../tools/lib.sh"

skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}
[ "$(id -u)" = 0 ] || skip_all "slurmd needs root to start jobs"
PATH=$PATH:/usr/sbin:/sbin
for program in munged mungekey slurmctld slurmd sbatch sinfo; do
	command -v "$program" >/dev/null ||
		skip_all "$program is missing: apt-get install slurm-wlm munge"
done

C=$TMP/cluster
mkdir -p "$C/munge" "$C/state" "$C/spool" && chmod 700 "$C/munge"
export SLURM_CONF=$C/slurm.conf

# free_ports N: N TCP ports on 127.0.0.1 that nothing listens on now.
free_ports() {
	"$PYTHON3" -c '
import socket, sys
socks = [socket.socket() for _ in range(int(sys.argv[1]))]
for s in socks:
    s.bind(("127.0.0.1", 0))
print(" ".join(str(s.getsockname()[1]) for s in socks))' "$1"
}

# Stops the daemons (TERM, then KILL after 10 s) and waits for them to go.
stop_cluster() {
	local pid
	for pidfile in "$C/slurmd.pid" "$C/slurmctld.pid" "$C/munge/munged.pid"; do
		[ -f "$pidfile" ] && pid=$(cat "$pidfile") && kill "$pid" 2>/dev/null
	done
	for _ in $(seq 100); do
		pgrep -f "$C" >/dev/null || return 0
		sleep 0.1
	done
	pkill -KILL -f "$C"
}
trap 'stop_cluster; cleanup' EXIT

read -r ctld_port slurmd_port < <(free_ports 2)
host=$(hostname -s)
cat >"$SLURM_CONF" <<CONF
ClusterName=arenatest
SlurmctldHost=$host(127.0.0.1)
AuthType=auth/munge
AuthInfo=socket=$C/munge/munge.sock
CryptoType=crypto/munge
SlurmUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
StateSaveLocation=$C/state
SlurmdSpoolDir=$C/spool
SlurmctldPidFile=$C/slurmctld.pid
SlurmdPidFile=$C/slurmd.pid
SlurmctldLogFile=$C/slurmctld.log
SlurmdLogFile=$C/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
NodeName=$host NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=arena Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF

mungekey -c -k "$C/munge/munge.key" &&
	munged -f --key-file="$C/munge/munge.key" --socket="$C/munge/munge.sock" \
		--pid-file="$C/munge/munged.pid" --log-file="$C/munge/munged.log" \
		--seed-file="$C/munge/munged.seed" &&
	slurmctld -i -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF"
started=$?
for _ in $(seq 150); do
	[ "$started" = 0 ] && sinfo -h -o %t 2>/dev/null | grep -qx idle && break
	sleep 0.2
done
sinfo -h -o %t 2>/dev/null | grep -qx idle
ok $? "a one-node cluster starts (munged, slurmctld, slurmd) and its node is idle" || {
	tail -n 5 "$C"/*.log "$C"/munge/*.log 2>/dev/null | sed 's/^/#   /'
	done_testing
}

cat >"$TMP/league.json" <<JSON
{
  "name": "slurm-league",
  "game": "bolo",
  "options": {"target": 2000},
  "players": 2,
  "games": 4,
  "bots": [
    {"name": "random", "command": "$CBOT '$TMP'"},
    {"name": "bank-300", "command": "$BOTS/threshold-bot 300 '$TMP'"},
    {"name": "bank-600", "command": "$BOTS/threshold-bot 600 '$TMP'"},
    {"name": "bank-1000", "command": "$BOTS/threshold-bot 1000 '$TMP'"}
  ],
  "time": {"move_ms": 2000, "start_ms": 10000}
}
JSON
expect_exit 0 "$REFEREE" keygen "$TMP/keys"

# sbatch polls every few seconds: allow minutes, not the usual 60 s.
REFEREE=$REFEREE timeout -k 5 300 sbatch --wait --array=1-3 \
	--output="$TMP/slurm-%A_%a.out" --chdir="$TMP" \
	"$top_srcdir/tournaments/slurm-shards.sh" "$TMP/league.json" "$TMP/out" \
	"$TMP/keys/referee.key" >"$OUT" 2>"$ERR"
RC=$?
ok "$RC" "sbatch --wait runs the three tasks of the job array and each exits 0" || {
	diag_run
	cat "$TMP"/slurm-*.out 2>/dev/null | head -40 | sed 's/^/#   /'
}
expect_eq "$(ls -d "$TMP"/out/shard-* 2>/dev/null | wc -l)" 3 "one output folder per task"
expect_shards_cover "$TMP"/out/shard-*
expect_exit 0 "$REFEREE" verify --key "$TMP/keys/referee.pub" "$TMP"/out/shard-*/games/*.jsonl
expect_exit 0 "$REFEREE" ladder --key "$TMP/keys/referee.pub" "$TMP"/out/shard-1 "$TMP"/out/shard-2 "$TMP"/out/shard-3
expect_contains "$OUT" "24 games; signed by key $(cat "$TMP/keys/referee.pub"), checked against a key you trust" \
	"the shards rate as one run of 24 games under the one key, the one given as trusted"

stop_cluster
! pgrep -f "$C" >/dev/null
ok $? "every daemon is stopped and nothing of the cluster is left running" ||
	pgrep -a -f "$C" | sed 's/^/#   /'
assert_no_leftovers "no bot process is left over"
done_testing

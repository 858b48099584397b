# A one-node Slurm cluster for a test, from Debian's slurm-wlm and munge on
# this host: munged, slurmctld and slurmd with a generated slurm.conf,
# every file under $TMP/cluster, ports chosen free.  Sourced after
# tests/tools/lib.sh by the scripts that submit jobs (tests/e2e/slurm.sh,
# tests/e2e/league_slurm.sh):
#
#   slurm_cluster_needs         true when root with the programs
#                               installed, else false with the reason in
#                               SLURM_SKIP (slurm_skip_all skips a script)
#   slurm_cluster_start         starts it: a TAP case, its node idle
#   slurm_cluster_stop          stops every daemon and waits for them
#
# SLURM_CONF is exported; an EXIT trap stops the cluster and cleans up.

# The whole script skipped, with its reason.
slurm_skip_all() {
	echo "1..0 # SKIP $*"
	exit 0
}

slurm_cluster_needs() {
	SLURM_SKIP="slurmd needs root to start jobs"
	[ "$(id -u)" = 0 ] || return 1
	PATH=$PATH:/usr/sbin:/sbin
	for program in munged mungekey slurmctld slurmd sbatch sinfo squeue scancel; do
		SLURM_SKIP="$program is missing: apt-get install slurm-wlm munge"
		command -v "$program" >/dev/null || return 1
	done
}

C=$TMP/cluster
export SLURM_CONF=$C/slurm.conf

# Stops the daemons (TERM, then KILL after 10 s) and waits for them to go.
slurm_cluster_stop() {
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

slurm_cluster_start() {
	local ctld_port slurmd_port host started
	mkdir -p "$C/munge" "$C/state" "$C/spool" && chmod 700 "$C/munge"
	trap 'slurm_cluster_stop; cleanup' EXIT
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
}

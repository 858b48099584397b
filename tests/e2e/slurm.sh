#!/usr/bin/env bash
# End-to-end: a sharded tournament on a real Slurm cluster.  It starts a
# one-node cluster from Debian's slurm-wlm and munge on this host (munged,
# slurmctld and slurmd, a generated slurm.conf, every file under this
# test's temporary folder, ports chosen free), submits
# tournaments/slurm-shards.sh as a job array with `sbatch --wait`, checks
# that the shards together finished exactly the whole schedule, that they
# verify and that they rate as one, then stops every daemon and checks that
# nothing is left running.  It skips only where Slurm cannot be started:
# not root (slurmd starts jobs), or the packages missing
# (tests/tools/slurm_cluster.sh).
. "$(dirname "$0")/../tools/lib.sh"
. "$top_srcdir/tests/tools/slurm_cluster.sh"
slurm_cluster_needs || slurm_skip_all "$SLURM_SKIP"
slurm_cluster_start

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

slurm_cluster_stop
! pgrep -f "$C" >/dev/null
ok $? "every daemon is stopped and nothing of the cluster is left running" ||
	pgrep -a -f "$C" | sed 's/^/#   /'
assert_no_leftovers "no bot process is left over"
done_testing

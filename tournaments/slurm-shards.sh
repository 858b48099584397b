#!/bin/sh
# Plays one tournament as a Slurm job array: task I of N plays shard I/N of
# the schedule into OUTDIR/shard-I, every shard signing with the same key,
# so that `referee ladder OUTDIR/shard-*` rates them as one run and
# `referee verify OUTDIR/shard-*` checks them all.
#
#   referee keygen keys                              # once
#   sbatch --array=1-16 tournaments/slurm-shards.sh club.json out/club keys/referee.key
#   referee ladder out/club/shard-*                  # once every task is done
#
# The array must be 1-N with no gaps (the shard count is the task count).
# A task that Slurm requeues resumes its shard instead of starting again.
# The shards of a Swiss tournament pair each round from each other's
# results (read from OUTDIR/shard-*): they must all run at once, so give
# the array no limit of running tasks (no --array=1-N%K with K < N).
# The referee is `referee` from PATH, or $REFEREE (sbatch exports the
# submitting shell's environment).
#SBATCH --job-name=arena
#SBATCH --cpus-per-task=2
#SBATCH --output=slurm-%A_%a.out
set -eu

if [ $# -ne 3 ]; then
	echo "usage: sbatch --array=1-N slurm-shards.sh TOURNAMENT_FILE OUTDIR SECRET_KEY" >&2
	exit 2
fi
file=$1 out=$2 key=$3
if [ -z "${SLURM_ARRAY_TASK_ID:-}" ] || [ "${SLURM_ARRAY_TASK_MIN:-}" != 1 ] ||
	[ "${SLURM_ARRAY_TASK_MAX:-}" != "${SLURM_ARRAY_TASK_COUNT:-}" ]; then
	echo "slurm-shards.sh: submit it as a job array numbered 1-N: sbatch --array=1-N ..." >&2
	exit 2
fi

shard_dir=$out/shard-$SLURM_ARRAY_TASK_ID
resume=
[ -f "$shard_dir/run.jsonl" ] && resume=--resume
mkdir -p "$out"
exec "${REFEREE:-referee}" tournament "$file" $resume --key "$key" \
	--concurrency "${SLURM_CPUS_PER_TASK:-1}" --out "$shard_dir" \
	--shard "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT"

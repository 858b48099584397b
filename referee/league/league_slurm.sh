#!/bin/sh
# league-slurm: Slurm's part of `referee league run --engine slurm`
# (docs/LEAGUE-SLURM.md). The referee picks each batch, writes
# its file and checks every set its array played (league_slurm.h); this
# script, which it runs, submits the array, waits for it and cancels it.
# Slurm's commands are found in PATH, as a user types them.
#
#   league-slurm here
#       whether sbatch, squeue and scancel are in PATH
#   league-slurm submit NAME COUNT RUN_DIR SBATCH_WORDS REFEREE WORD...
#       sbatch an array of COUNT elements named NAME, SBATCH_WORDS (split
#       at spaces and tabs) before the run's own options, element I running
#       `REFEREE WORD... I`, its output in RUN_DIR; then waits until the
#       array has gone. SIGTERM or SIGINT cancels it, and the wait goes on.
#   league-slurm cancel NAME
#       cancels the array NAME and waits until it has gone
#
# Exit status 0, or 1 with the reason, one line on stdout.
set -u

# Seconds squeue may fail in a row (a controller restarting) before the
# wait gives up.
SQUEUE_TRIES=60

nl='
'

here() {
	for p in sbatch squeue scancel; do
		command -v "$p" >/dev/null 2>&1 && continue
		echo "--engine slurm needs Slurm's sbatch, squeue and scancel in PATH, and $p is not there: install Slurm's client commands (Debian: slurm-client) or play with --engine local"
		exit 1
	done
}

cancel() {
	out=$(scancel --name="$1" 2>&1)
	status=$?
	[ "$status" = 0 ] && return 0
	echo "scancel could not cancel the array $1 (exit status $status): ${out%%"$nl"*}"
	exit 1
}

# Until no job of the array is queued or running.
gone() {
	failed=0
	while :; do
		if out=$(squeue --noheader --format=%T --name="$1" 2>&1); then
			failed=0
			case $out in *[!" $nl"]*) ;; *) return 0 ;; esac
		elif [ "$((failed += 1))" -gt "$SQUEUE_TRIES" ]; then
			echo "squeue could not say whether the array $1 has ended: ${out%%"$nl"*}"
			exit 1
		fi
		sleep 1
	done
}

# $1 quoted for sh.
quote() {
	rest=$1 quoted=
	while :; do
		case $rest in
		*"'"*) quoted="$quoted${rest%%"'"*}'\\''" rest=${rest#*"'"} ;;
		*) break ;;
		esac
	done
	printf "'%s%s'" "$quoted" "$rest"
}

submit() {
	name=$1 count=$2 run_dir=$3 words=$4
	shift 4
	wrap="exec"
	for w; do wrap="$wrap $(quote "$w")"; done
	trap 'cancel "$name"' TERM INT
	set -f
	IFS=' 	'
	# shellcheck disable=SC2086 # --slurm-args: split at spaces, no quoting
	out=$(sbatch --parsable $words --job-name="$name" --array=0-$((count - 1)) \
		--output="$run_dir/slurm-%A_%a.out" --wrap="$wrap \"\$SLURM_ARRAY_TASK_ID\"" 2>&1)
	status=$?
	unset IFS
	if [ "$status" != 0 ]; then
		echo "sbatch refused the array (exit status $status): ${out%%"$nl"*}"
		exit 1
	fi
	gone "$name"
}

here
case ${1-} in
here) ;;
submit) shift && submit "$@" ;;
cancel) cancel "$2" && gone "$2" ;;
*) echo "usage: league-slurm here | submit NAME COUNT RUN_DIR SBATCH_WORDS REFEREE WORD... | cancel NAME"; exit 1 ;;
esac

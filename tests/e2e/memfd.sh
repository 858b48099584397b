#!/usr/bin/env bash
# End-to-end: memory the fallback could not see (docs/SANDBOX.md, "The
# seccomp filter"): tests/zoo/fightback.py's memfd against burn (100 ms of
# CPU a move), as root (control groups, where the machine has them) and
# as a normal user (the fallback, where that user can have no control
# group), writes 2,999 MiB into a memfd it never maps, under --memory-mb
# 1024: the seccomp filter refuses memfd_create, and the bot plays on
# with nothing held.  Likewise System V IPC: a bot that would hold 512 MiB
# of detached shared memory under --memory-mb 128 finds shmget, msgget
# and semget refused.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
needs_bubblewrap

unprivileged
mkdir -m 0777 "$TMP/logs"
games=0

# match WHO MODE [MS [OPTION...]]: fightback MODE against burn under
# --memory-mb 1024 and --move-ms MS (1000), and the OPTIONs, run by the
# user the suite runs as (WHO: self) or the normal user (user); its log is
# $TMP/logs/WHO-MODE-N.jsonl, N counting the games.
match() {
	local as=() py=$PYTHON3
	[ "$1" = user ] && as=("${AS[@]}") && py=$AS_PYTHON3
	LOG=$TMP/logs/$1-$2-$((++games)).jsonl
	RUN_LIMIT=300 run "${as[@]}" "$REFEREE" play rolit -o size=6 --move-ms "${3:-1000}" --memory-mb 1024 "${@:4}" \
		--log "$LOG" "fightback=$py '$ZOO/fightback.py' '$TMP' $2" \
		"burn=$py '$ZOO/greedy.py' '$TMP' burn 100"
}

for who in self user; do
	# Writing 2,999 MiB takes seconds of CPU.
	match "$who" memfd 20000
	containment=$(sed -n '1s/.*"containment":"\([a-z ]*[a-z]\).*/\1/p' "$LOG")
	diag "$who: the bots are contained by $containment"
	expect_eq "$RC" 0 "$who, memfd: the game is played"
	expect_contains "$LOG.fightback.stderr" "fightback: memfd_create: Function not implemented" \
		"$who, memfd: memfd_create is refused"
	expect_not_contains "$LOG.fightback.stderr" "fightback: memfd holds" "$who, memfd: ... and nothing is held"
	expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 0 "$who, memfd: nobody forfeits"
	assert_no_leftovers "$who, memfd: nothing of it outlives the game"

	# 512 MiB of shared memory, detached, under a limit of 128.
	match "$who" sysv 20000 --memory-mb 128
	expect_eq "$RC" 0 "$who, sysv: the game is played"
	for maker in shmget msgget semget; do
		expect_contains "$LOG.fightback.stderr" "fightback: $maker: Function not implemented" \
			"$who, sysv: $maker is refused"
	done
	expect_not_contains "$LOG.fightback.stderr" "fightback: shm holds" "$who, sysv: ... and nothing is held"
	expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 0 "$who, sysv: nobody forfeits"
	assert_no_leftovers "$who, sysv: nothing of it outlives the game"
done

done_testing

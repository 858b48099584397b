#!/usr/bin/env bash
# End-to-end: two ways a bot took what the fallback did not see
# (docs/SANDBOX.md, "Without a control group: the fallback"), each of
# tests/zoo/fightback.py's against burn (100 ms of CPU a move), as root
# (control groups, where the machine has them) and as a normal user (the
# fallback, where that user can have no control group):
# - memfd: 2,999 MiB written into a memfd it never maps, under
#   --memory-mb 1024: the seccomp filter refuses memfd_create, and the
#   bot plays on with nothing held;
# - relay: a chain of short-lived workers, each continued from outside
#   once while it is stopped off move (a seam: the filter refuses the bot
#   SIGCONT), each gone before the bot's next turn: the CPU its workers
#   use while burn is on move stays under three times that of the same
#   chain left alone, with a margin for a loaded machine, and under the
#   fallback the bot forfeits for `containment` (control groups freeze it
#   whole, which no SIGCONT undoes: nobody forfeits).
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
needs_bubblewrap

unprivileged alone
mkdir -m 0777 "$TMP/logs"
games=0

# match WHO MODE [MS]: fightback MODE against burn under --memory-mb 1024
# and --move-ms MS (1000), run by the user the suite runs as (WHO: self)
# or the normal user (user); its log is
# $TMP/logs/WHO-MODE-N.jsonl, N counting the games.
match() {
	local as=() py=$PYTHON3
	[ "$1" = user ] && as=("${AS[@]}") && py=$AS_PYTHON3
	LOG=$TMP/logs/$1-$2-$((++games)).jsonl
	RUN_LIMIT=300 run "${as[@]}" "$REFEREE" play rolit -o size=6 --move-ms "${3:-1000}" --memory-mb 1024 \
		--log "$LOG" "fightback=$py '$ZOO/fightback.py' '$TMP' $2" \
		"burn=$py '$ZOO/greedy.py' '$TMP' burn 100"
}

# off_move_ms LOG: the CPU fightback's workers said they used ("spun 2
# at T") while burn was on move (T within one of its moves), in ms.
off_move_ms() {
	"$PYTHON3" - "$1" <<-'PY'
	import re, sys
	moves = [(float(a), float(b)) for a, b in
	         re.findall(r"^greedy: burnt from (\S+) to (\S+)$", open(sys.argv[1] + ".burn.stderr").read(), re.M)]
	spun = [float(t) for t in
	        re.findall(r"^fightback: spun 2 at (\S+)$", open(sys.argv[1] + ".fightback.stderr").read(), re.M)]
	print(2 * sum(any(a <= t <= b for a, b in moves) for t in spun))
	PY
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

	match "$who" relay
	expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 0 "$who, relay left alone: nobody forfeits"
	control=$(off_move_ms "$LOG")
	"$PYTHON3" - <<-'PY' &
	import os, signal, time
	until, continued = time.time() + 120, set()
	while time.time() < until:
	    for p in filter(str.isdigit, os.listdir("/proc")):
	        try:
	            if p not in continued and open("/proc/%s/comm" % p).read() == "relay-worker\n" and \
	               open("/proc/%s/stat" % p).read().rsplit(")", 1)[1].split()[0] == "T":
	                os.kill(int(p), signal.SIGCONT)
	                continued.add(p)
	        except OSError:
	            pass
	    time.sleep(0.001)
	PY
	continuer=$!
	match "$who" relay
	{ kill "$continuer"; wait "$continuer"; } 2>/dev/null
	off=$(off_move_ms "$LOG")
	diag "$who: relay's workers used $off ms of CPU while burn was on move, $control ms left alone"
	expect_lt "$off" "$((3 * control + 150))" \
		"$who, relay continued: its workers use less than three times the CPU off move they use left alone"
	if [ "$containment" = fallback ]; then
		expect_contains "$LOG" '"type":"forfeit","seat":0,"reason":"containment"' \
			"$who, relay continued: the bot forfeits for containment"
		expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 1 "$who, relay continued: ... and only it"
	else
		expect_eq "$(grep -c '"type":"forfeit"' "$LOG")" 0 "$who, relay continued: nobody forfeits"
	fi
	assert_no_leftovers "$who, relay continued: nothing of it outlives the game"
done

done_testing

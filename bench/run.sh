#!/bin/sh
# The referee's speed against the physical limit of its protocol: a raw
# pipe ping-pong between two processes (bench/pingpong), then many fast
# Rolit games between bench/first_legal_bot bots, two players without logs
# and with signed logs, and four players. Prints decisions per second,
# their ratio to pipe round trips per second measured in the same run
# (target: >= 0.5, i.e. the referee costs no more than the round trip
# itself) and the referee's own CPU time per decision (bots not counted).
# A second ratio compares with a ping-pong whose parent talks in turn to as
# many children as the game has bots (the same pattern of wake-ups).  The
# cost of the sandbox and of containment (each bot's control group, frozen
# while the other moves, timed by its CPU), measured in the same run:
# decisions/s of two-player runs with each, both and neither, and with the
# fallback that contains bots where no control group can be had (as root:
# run as nobody, who has none; as a user who has none: the default), and the wall
# time of one-game matches with and without the sandbox, whose difference
# over 3 (the sandbox check the verb runs first, and its two bots) is the
# extra start time of a sandboxed bot.  Last, with strace and (as root)
# perf, the system calls a default decision costs the referee.
#
# Builds nothing: run `make` first, then build bench/pingpong and
# bench/first_legal_bot (`make bench`). Paths come from top_builddir, else
# the directory above this script. Environment: BENCH_SECONDS (length of
# each referee run, default 5), BENCH_ROUNDS (how many times to measure
# everything, default 3; the medians over the rounds come last),
# PINGPONG_N (round trips, default 200000), PYTHON3 (measures CPU time).
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
pingpong=$top_builddir/bench/pingpong
bot=$top_builddir/bench/first_legal_bot
python3=${PYTHON3:-python3}
seconds=${BENCH_SECONDS:-5}
rounds=${BENCH_ROUNDS:-3}
pingpong_n=${PINGPONG_N:-200000}

for f in "$referee" "$pingpong" "$bot"; do
	if [ ! -x "$f" ]; then
		echo "bench/run.sh: $f is missing: run 'make' and 'make bench' first" >&2
		exit 2
	fi
done
if ! "$python3" -c 'import os; os.waitid' 2>/dev/null; then
	echo "bench/run.sh: needs python3 (3.3 or later) to measure CPU time; set PYTHON3" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM

# measure OUT CMD...: runs CMD with stdout to OUT and prints "WALL USER SYS"
# in seconds: wall-clock time and CMD's own CPU time, read from
# /proc/PID/stat while it is a zombie (waitid WNOWAIT), so the CPU time of
# the bots it started and reaped is left out (/usr/bin/time and
# getrusage(RUSAGE_CHILDREN) would count it in).
measure() {
	"$python3" - "$@" <<'PY'
import os, subprocess, sys, time
out = open(sys.argv[1], "w")
t0 = time.monotonic()
p = subprocess.Popen(sys.argv[2:], stdout=out,
                     stderr=open(sys.argv[1] + ".err", "w"))
os.waitid(os.P_PID, p.pid, os.WEXITED | os.WNOWAIT)
wall = time.monotonic() - t0
with open("/proc/%d/stat" % p.pid) as f:
	fields = f.read().rsplit(")", 1)[1].split()
tick = os.sysconf("SC_CLK_TCK")
user, system = int(fields[11]) / tick, int(fields[12]) / tick
if p.wait() != 0:
	sys.exit("bench/run.sh: %s exited with %d" % (sys.argv[2], p.returncode))
print("%.6f %.2f %.2f" % (wall, user, system))
PY
}

# decisions OUTPUT: the decisions a run of `referee play` made, from its
# "game N: K actions" lines.
decisions() {
	awk '/^game [0-9]+: [0-9]+ actions/ { n += $3 } END { print n + 0 }' "$1"
}

# play PLAYERS GAMES [ARGS...]: one timed run of the referee; prints
# "WALL USER SYS DECISIONS", the decisions counted from its
# "game N: K actions" lines. Fails if a bot forfeited.
play() {
	players=$1 games=$2
	shift 2
	# shellcheck disable=SC2086 # $as: words
	set -- ${as:-} "$referee" play rolit -o first=seat0 --games "$games" "$@"
	i=0
	while [ "$i" -lt "$players" ]; do
		set -- "$@" "$bot"
		i=$((i + 1))
	done
	times=$(measure "$tmp/out" "$@")
	if ! awk '/^bot +games/ { t = 1; next } t && NF && $NF != 0 { exit 1 }' \
	    "$tmp/out"; then
		echo "bench/run.sh: a bot forfeited:" >&2
		cat "$tmp/out" >&2
		exit 1
	fi
	echo "$times $(decisions "$tmp/out")"
}

# starts: one-game matches on a 4x4 board (the bots start once), 30
# without the sandbox and 30 with it, in turn, so that both see the same
# moments of a busy machine: "OPEN BOXED DIFFERENCE", the mean wall times
# in ms and the median of the 30 pairs' differences (one slow outlier
# moves a mean by a fifth here).
starts() {
	n=0
	: >"$tmp/starts"
	while [ "$n" -lt 30 ]; do
		open=$(measure "$tmp/out" "$referee" play rolit -o size=4 \
		    --no-sandbox --no-limits "$bot" "$bot" | cut -d' ' -f1)
		boxed=$(measure "$tmp/out" "$referee" play rolit -o size=4 \
		    --no-limits "$bot" "$bot" | cut -d' ' -f1)
		echo "$open $boxed" >>"$tmp/starts"
		n=$((n + 1))
	done
	awk '{ o += $1; b += $2 }
	     END { printf "%.1f %.1f", o * 1000 / NR, b * 1000 / NR }' "$tmp/starts"
	awk '{ print ($2 - $1) * 1000 }' "$tmp/starts" | sort -n |
	    awk '{ d[NR] = $1 } END { printf " %.2f\n", (d[NR / 2] + d[NR / 2 + 1]) / 2 }'
}

# games_for PLAYERS: how many games last about $seconds s (from a short run).
games_for() {
	play "$1" 100 >"$tmp/calibrate"
	awk -v s="$seconds" \
	    '{ g = int(100 * s / $1); print g < 100 ? 100 : g }' "$tmp/calibrate"
}

# round_trips N CHILDREN OUT: round trips per second of bench/pingpong,
# whose report goes to OUT.
round_trips() {
	"$pingpong" "$1" "$2" >"$3"
	sed -n 's/.*s: \([0-9]*\) round trips\/s.*/\1/p' "$3"
}

# row LABEL RT1 RTN: one line of the table from the "WALL USER SYS
# DECISIONS" of play in $tmp/run; its figures also go to $tmp/rows.
row() {
	awk -v l="$1" -v rt1="$2" -v rtn="$3" -v rows="$tmp/rows" '{
		dps = $4 / $1
		printf "%-24s %9d %6.2f %11.0f %6.3f %8.3f %12.2f\n", l, $4, $1,
		    dps, dps / rt1, dps / rtn, ($2 + $3) * 1e6 / $4
		printf "%s|%.0f|%.3f|%.3f|%.2f\n", l, dps, dps / rt1, dps / rtn,
		    ($2 + $3) * 1e6 / $4 >>rows
	}' "$tmp/run"
}

header() {
	printf "%-24s %9s %6s %11s %6s %8s %12s\n" "run" "decisions" \
	    "wall s" "decisions/s" "ratio" "ratio/N" "ref. CPU us"
}

# medians: for each run, the median of each figure over the rounds.
medians() {
	sort -t '|' -k1,1 "$tmp/rows" | awk -F '|' '
		function flush(  k, j, t, m) {
			if (n == 0)
				return
			printf "%-24s %9s %6s", label, "", ""
			for (k = 2; k <= 5; k++) {
				for (j = 1; j <= n; j++)
					v[j] = f[j, k]
				for (j = 2; j <= n; j++)	# insertion sort
					for (m = j; m > 1 && v[m - 1] > v[m]; m--) {
						t = v[m]; v[m] = v[m - 1]; v[m - 1] = t
					}
				m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
				printf fmt[k], m
			}
			printf "\n"
			n = 0
		}
		BEGIN {
			fmt[2] = " %11.0f"; fmt[3] = " %6.3f"
			fmt[4] = " %8.3f"; fmt[5] = " %12.2f"
		}
		$1 != label { flush(); label = $1 }
		{ n++; for (k = 2; k <= 5; k++) f[n, k] = $k }
		END { flush() }'
}

# as: for the fallback's run, the words that run the referee as a user
# without a control group (as root: nobody), else none.
as=
fallback_as=
if [ "$(id -u)" = 0 ]; then
	chmod 0755 "$tmp"
	fallback_as="setpriv --reuid=65534 --regid=65534 --clear-groups env XDG_DATA_HOME=$tmp/nobody"
fi
g2=$(games_for 2)
g4=$(games_for 4)
"$referee" keygen "$tmp/logs" >/dev/null
round=1
while [ "$round" -le "$rounds" ]; do
	echo "== round $round: pipe ping-pong"
	rt1=$(round_trips "$pingpong_n" 1 "$tmp/pp1")
	rt2=$(round_trips $((pingpong_n / 4)) 2 "$tmp/pp2")
	rt4=$(round_trips $((pingpong_n / 4)) 4 "$tmp/pp4")
	cat "$tmp/pp1" "$tmp/pp2" "$tmp/pp4"
	echo "== round $round: Rolit, first_legal_bot, $g2 games (2 players), $g4 games (4 players)"
	header
	play 2 "$g2" --no-sandbox --no-limits >"$tmp/run"
	row "2 players, no logs" "$rt1" "$rt2"
	play 2 "$g2" --no-sandbox >"$tmp/run"
	row "2 players, contained" "$rt1" "$rt2"
	play 2 "$g2" --no-limits >"$tmp/run"
	row "2 players, sandbox" "$rt1" "$rt2"
	play 2 "$g2" >"$tmp/run"
	row "2 players, both (default)" "$rt1" "$rt2"
	as=$fallback_as
	if [ -n "$as" ]; then
		play 2 "$g2" --no-limits >"$tmp/run"
		row "2 players, sandbox, nobody" "$rt1" "$rt2"
	fi
	play 2 "$g2" >"$tmp/run"
	as=
	row "2 players, both, fallback" "$rt1" "$rt2"
	play 2 "$g2" --no-sandbox --no-limits --out "$tmp/logs" >"$tmp/run"
	rm -f "$tmp"/logs/game-*.jsonl "$tmp"/logs/run.jsonl
	row "2 players, signed logs" "$rt1" "$rt2"
	play 4 "$g4" --no-sandbox --no-limits >"$tmp/run"
	row "4 players, no logs" "$rt1" "$rt4"
	play 4 "$g4" --no-sandbox >"$tmp/run"
	row "4 players, contained" "$rt1" "$rt4"
	echo "== round $round: bot start, one-game matches"
	# A sandboxed match starts three sandboxes: the run's check, then
	# each bot.
	starts | awk '{ printf "match without sandbox %7.1f ms, with %7.1f ms (means): %.1f ms more per sandboxed start (median of 30 pairs)\n",
		$1, $2, $3 / 3 }'
	echo
	round=$((round + 1))
done
# calls GAMES: the referee's own system calls (strace -c, its bots left
# out) in a default run of GAMES games, and the decisions made: "CALLS
# DECISIONS".
calls() {
	strace -c -o "$tmp/strace" "$referee" play rolit -o first=seat0 --games "$1" \
		"$bot" "$bot" >"$tmp/out" 2>/dev/null
	echo "$(awk '$NF == "total" { print $(NF - 2) }' "$tmp/strace")" \
	     "$(decisions "$tmp/out")"
}
if command -v strace >/dev/null 2>&1; then
	echo "== system calls a decision (strace -c of default runs of 100 and 300 games; strace of 20)"
	calls 100 >"$tmp/calls"
	calls 300 >>"$tmp/calls"
	# The difference of the two runs leaves out what a run costs once.
	awk 'NR == 1 { c = $1; d = $2 } NR == 2 {
		printf "%.2f system calls a decision, what a game begins and ends with included\n", ($1 - c) / ($2 - d) }' "$tmp/calls"
	# The same, in play only: from each game's first "turn" to its "end",
	# without the exchanges each game starts and ends with (start,
	# commit, lock, end; the log written and hashed).
	strace -o "$tmp/trace" "$referee" play rolit -o first=seat0 --games 20 \
		"$bot" "$bot" >/dev/null 2>&1
	awk '/\\"type\\":\\"end\\"/ { playing = 0 }
	     /^writev\(.*\\"type\\":\\"turn\\"/ { playing = 1; turns++ }
	     playing { calls++ }
	     END { printf "%.2f system calls a decision in play (the turns alone, %d of them; strace slows the referee)\n", calls / turns, turns }' "$tmp/trace"
	echo
fi
# perf_calls SIZE: the referee's own system calls (perf's count of a
# tracepoint, its bots left out) in 200 default games of Rolit on a
# board of SIZE, and the decisions made: "CALLS DECISIONS".
perf_calls() {
	perf stat -i -x, -e raw_syscalls:sys_enter -o "$tmp/perf" "$referee" play rolit \
		-o first=seat0 -o size="$1" --games 200 "$bot" "$bot" >"$tmp/out" 2>/dev/null
	echo "$(awk -F, '/raw_syscalls/ { print $1 }' "$tmp/perf")" \
	     "$(decisions "$tmp/out")"
}
# strace slows the referee tenfold, and v1's reads of pids.events, which
# come with time, with it: perf counts without slowing (as root).
if perf stat -i -e raw_syscalls:sys_enter -o /dev/null true >/dev/null 2>&1; then
	echo "== system calls a decision in play, counted by perf (200 games of Rolit on 8x8 less 200 on 4x4)"
	perf_calls 4 >"$tmp/calls"
	perf_calls 8 >>"$tmp/calls"
	# The same games' number leaves out what a game costs once.
	awk 'NR == 1 { c = $1; d = $2 } NR == 2 {
		printf "%.2f system calls a decision in play (target: at most 5)\n", ($1 - c) / ($2 - d) }' "$tmp/calls"
	echo
fi
if [ "$rounds" -gt 1 ]; then
	echo "== medians over $rounds rounds"
	header
	medians
	echo
fi
cat <<'NOTE'
Runs are without the sandbox but for "2 players, sandbox" (each bot starts
once per run, so decisions/s differ by little; the start is what costs).
"2 players, both, fallback": contained without control groups (bots stopped
    off move, CPU time read from /proc); compare with "2 players, sandbox"
    and, run as root, with "2 players, sandbox, nobody": the same user
    (nobody) without containment.
ratio: decisions/s over 1-child pipe round trips/s (target >= 0.5).
ratio/N: over round trips/s of a ping-pong whose parent talks in turn to as
    many children as there are bots (the same pattern of wake-ups).
ref. CPU us: the referee's own user+sys CPU time per decision, bots left out.
Besides its 60 decisions a game has 4 exchanges with every bot (start,
commit, lock, end; each sent to all bots before any reply is read), so even
a free referee would stay below a ratio of 1.
NOTE
exit 0

#!/usr/bin/env bash
# Soak: a long tournament with the misbehaving bots of tests/zoo mixed into
# a field of random bots, to show that the referee survives them all and
# stays flat.  Prints the games played, the forfeits by reason, referee
# crashes, processes left over, and the fds and resident memory of the
# referee's parent process and of its workers near the start and near the
# end of the run; exits 1 when the referee crashed, a process was left
# over, a log does not verify, or a process's fds or RSS grew (by more
# than the noise allowed below, and 1 MiB of RSS).
#
# A worker's fds change as its bots start and stop (each live bot holds
# five: three pipes, a pidfd and its stderr log; one being started, a few
# more), so the figure is the most fds seen in the samples of each window
# (2-7% of the games, 90-97%), of which 5 more at the end are let pass: a
# leak of one fd a game would add hundreds.  RSS is the window's last.
#
# Usage: bench/soak.sh [GAMES] (default 2000).  Environment: CONCURRENCY
# (games at once, default 4 x the cores: most bots wait), MOVE_MS (default
# 200: the silent and slow bots cost that much a game), KEEP=1 keeps the
# output folder.  Builds nothing: run `make` first.
set -u

top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
top_builddir=${top_builddir:-$top_srcdir}
referee=$top_builddir/referee/referee
bots=$top_builddir/bots
zoo=$top_srcdir/tests/zoo
python3=${PYTHON3:-python3}
python3=$("$python3" -c 'import sys; print(sys.executable)')
games=${1:-2000}
concurrency=${CONCURRENCY:-$((4 * $(nproc)))}
move_ms=${MOVE_MS:-200}

for f in "$referee" "$bots/random-bot"; do
	if [ ! -x "$f" ]; then
		echo "bench/soak.sh: $f is missing: run 'make' first" >&2
		exit 2
	fi
done
# The folder is also the marker on every bot's command line: whatever
# carries it after the run was left over.
dir=$(mktemp -d "${TMPDIR:-/tmp}/referee-soak.XXXXXX") || exit 2
[ "${KEEP:-0}" = 1 ] || trap 'pkill -KILL -f "$dir" 2>/dev/null; rm -rf "$dir"' EXIT

# The field: random bots (C and Python) and the zoo, 2 players a table.
field=(
	"random-c|$bots/random-bot $dir"
	"random-c2|$bots/random-bot $dir"
	"random-py|$python3 $top_srcdir/bots/random_bot.py $dir"
	"crash-in-game|$python3 $zoo/crash-in-game.py $dir 2"
	"crash-at-start|sh $zoo/crash-at-start.sh $dir"
	"exit-mid-game|$python3 $zoo/exit-mid-game.py $dir 3"
	"garbage|$python3 $zoo/garbage.py $dir"
	"illegal-move|$python3 $zoo/illegal-move.py $dir"
	"silent-turn|sh $zoo/silent-turn.sh $dir"
	"slow|$python3 $zoo/slow.py $dir $((move_ms * 2))"
	"huge-line|$python3 $zoo/huge-line.py $dir"
	"chatty|$python3 $zoo/chatty.py $dir turn"
	"grandchild|$python3 $zoo/grandchild.py $dir"
	"spawner|$python3 $zoo/spawner.py $dir 3"
	"ignore-term|sh $zoo/ignore-term.sh $dir"
)
n=${#field[@]}
tables=$((n * (n - 1) / 2))
per_table=$(((games + tables - 1) / tables))
per_table=$((per_table + per_table % 2))   # a multiple of the 2 seatings
{
	printf '{\n  "name": "soak", "game": "rolit", "options": {"size": 4},\n'
	printf '  "players": 2, "games": %d, "concurrency": %d,\n' "$per_table" "$concurrency"
	printf '  "time": {"move_ms": %d, "start_ms": 5000},\n  "bots": [\n' "$move_ms"
	for i in "${!field[@]}"; do
		printf '    {"name": "%s", "command": "%s", "readable": ["%s"]}%s\n' \
			"${field[i]%%|*}" "${field[i]#*|}" "$top_srcdir/sdk/python" \
			"$([ "$i" -lt $((n - 1)) ] && echo ,)"
	done
	printf '  ]\n}\n'
} >"$dir/soak.json"
total=$((tables * per_table))

# sample WINDOW PID: records, for the parent PID and each of its workers,
# the most fds and the latest RSS (KiB).
declare -A fds rss
sample() {
	local p n r
	for p in "$2" $(pgrep -P "$2"); do
		r=$(awk '/^VmRSS/ {print $2}' "/proc/$p/status" 2>/dev/null)
		n=$(ls "/proc/$p/fd" 2>/dev/null | wc -l)
		[ -n "$r" ] && [ "$n" -gt 0 ] || continue
		[ -n "${fds[$1:$p]:-}" ] && [ "${fds[$1:$p]}" -ge "$n" ] || fds[$1:$p]=$n
		rss[$1:$p]=$r
	done
}
finished() {
	local n
	n=$(grep -c '"type":"finished"' "$dir/out/run.jsonl" 2>/dev/null)
	echo "${n:-0}"
}

echo "soak: $total games of rolit (size 4) between $n bots ($((n - 3)) from tests/zoo), $concurrency at once, move_ms $move_ms"
start=$(date +%s.%N)
"$referee" tournament "$dir/soak.json" --out "$dir/out" >"$dir/stdout" 2>"$dir/stderr" &
pid=$!
# The start window once every worker has a table going; the end window
# while every worker still has one.
while kill -0 "$pid" 2>/dev/null; do
	done_now=$(finished)
	if [ "$done_now" -ge $((total / 50)) ] && [ "$done_now" -le $((total * 7 / 100)) ]; then
		sample start "$pid"
	elif [ "$done_now" -ge $((total * 90 / 100)) ] && [ "$done_now" -le $((total * 97 / 100)) ]; then
		sample end "$pid"
	fi
	sleep 0.2
done
wait "$pid"
status=$?
elapsed=$(echo "$(date +%s.%N) - $start" | bc)
sleep 0.5

crashes=0
if [ "$status" -ge 128 ] || grep -q "a worker died unexpectedly" "$dir/stderr" ||
	ls "$dir"/core* "$dir"/out/core* >/dev/null 2>&1; then
	crashes=1
fi
leftovers=$(pgrep -f "$dir" | wc -l)
played=$(finished)
echo "exit status $status after ${elapsed%.*} s"
[ "$status" -eq 0 ] || tail -5 "$dir/stderr" | sed 's/^/  /'
echo "games: $played of $total finished ($(echo "scale=1; $played / $elapsed" | bc) games/s)"
echo "forfeits by reason:"
cat "$dir"/out/games/[0-9]*.jsonl | grep -o '"type":"forfeit","seat":[0-9]*,"reason":"[a-z-]*"' |
	sed 's/.*"reason":"\([a-z-]*\)"/\1/' | sort | uniq -c | sort -rn | sed 's/^ */  /'
verified=$("$referee" verify --key "$dir/out/referee.pub" "$dir"/out/games/[0-9]*.jsonl 2>/dev/null | grep -c ': ok:')
echo "logs verified: $verified of $played"
echo "referee crashes: $crashes"
echo "leftover processes: $leftovers"
[ "$leftovers" -eq 0 ] || pgrep -a -f "$dir" | head -5 | sed 's/^/  /'

# fds and RSS, per process, start -> end.
grew=0
echo "fds (most seen) and RSS in KiB, start (2-7% of the games) -> end (90-97%):"
for key in $(printf '%s\n' "${!fds[@]}" | grep '^start:' | sort -t: -k2n); do
	p=${key#start:}
	[ -n "${fds[end:$p]:-}" ] || continue
	[ "${fds[end:$p]}" -le $(("${fds[$key]}" + 5)) ] &&
		[ "${rss[end:$p]}" -le $(("${rss[$key]}" + 1024)) ] || grew=1
	printf '  %-6s pid %-7s fds %3s -> %3s   RSS %6s -> %6s\n' \
		"$([ "$p" = "$pid" ] && echo parent || echo worker)" "$p" \
		"${fds[$key]}" "${fds[end:$p]}" "${rss[$key]}" "${rss[end:$p]}"
done
[ "${KEEP:-0}" = 1 ] && echo "output kept in $dir"

[ "$crashes" -eq 0 ] && [ "$leftovers" -eq 0 ] && [ "$grew" -eq 0 ] &&
	[ "$verified" -eq "$played" ] && [ "$played" -eq "$total" ]

#!/bin/sh
# Tournaments against the pipe limit: a 2-bot and an 8-bot round robin of
# Rolit (8x8) between bench/first_legal_bot bots at concurrency 1 and 2.
# Prints games per second, decisions per second, the referee's own CPU per
# decision (the parent and its workers; the bots report their own CPU at
# goodbye and are taken out) and the resident memory of the largest of the
# referee's processes a quarter and nine tenths of the way in, which must not
# grow with the number of games (nothing of a game is kept once its log is
# written).
#
# Run `make bench` (or `make` first). Environment: BENCH_GAMES (games of the
# 2-bot run, default 2000; the 8-bot run plays 28 tables of BENCH_GAMES/28),
# PYTHON3 (samples memory and CPU).
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bot=$top_builddir/bench/first_legal_bot
python3=${PYTHON3:-python3}
games=${BENCH_GAMES:-2000}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-t.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$referee" keygen "$tmp/key" >/dev/null

# tournament FILE BOTS GAMES: a round robin of BOTS first_legal_bots,
# without the sandbox (bench/run.sh measures its cost).
tournament() {
	{
		printf '{"name":"bench","game":"rolit","options":{"size":8},"players":2,"games":%s,"sandbox":false,"bots":[' "$3"
		i=1
		while [ "$i" -le "$2" ]; do
			[ "$i" -gt 1 ] && printf ','
			printf '{"name":"b%s","command":"%s"}' "$i" "$bot"
			i=$((i + 1))
		done
		printf ']}\n'
	} >"$1"
}

# run FILE CONCURRENCY GAMES: prints "games wall decisions refcpu_s rss_early_kb rss_end_kb".
run() {
	out=$tmp/out.$$.$2.$(basename "$1")
	"$python3" - "$referee" "$1" "$out" "$2" "$tmp/key/referee.key" "$3" <<'PY'
import os, resource, subprocess, sys, time, glob

referee, file, out, conc, key = sys.argv[1:6]

def rss(pids):
    """The largest resident set of the referee's processes, in kB."""
    most = 0
    for pid in pids:
        try:
            with open("/proc/%d/status" % pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        most = max(most, int(line.split()[1]))
        except OSError:
            pass
    return most

def family(root):
    """The referee and its workers (not the bots: their parents are workers)."""
    pids = [root]
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open("/proc/%s/stat" % d) as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == root:
                        with open("/proc/%s/cmdline" % d, "rb") as c:
                            if b"first_legal_bot" not in c.read():
                                pids.append(int(d))
            except (OSError, ValueError, IndexError):
                pass
    return pids

before = resource.getrusage(resource.RUSAGE_CHILDREN)
start = time.monotonic()
p = subprocess.Popen([referee, "tournament", file, "--out", out, "--concurrency", conc, "--key", key],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
total = int(sys.argv[6])
early = end = 0
while p.poll() is None:
    time.sleep(0.02)
    done = len(glob.glob(out + "/games/*.jsonl"))
    # Memory of the referee and its workers a quarter of the way in, and
    # nine tenths of the way in (before the workers quit).
    if not early and done >= total // 4:
        early = rss(family(p.pid))
    if not end and done >= total * 9 // 10:
        end = rss(family(p.pid))
wall = time.monotonic() - start
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
bots = 0
for name in glob.glob(out + "/stderr/*.stderr"):
    with open(name) as f:
        bots += sum(int(l.split()[1]) for l in f if l.startswith("cpu_us "))
logs = glob.glob(out + "/games/*.jsonl")
decisions = 0
for name in logs:
    with open(name) as f:
        decisions += sum(1 for l in f if '"type":"action"' in l)
print(len(logs), "%.3f" % wall, decisions, "%.3f" % (cpu - bots / 1e6), early, end)
PY
}

pp=$("$top_builddir/bench/pingpong" 100000 | sed -n 's/.*, \([0-9.]*\) us per round trip.*/\1/p')
echo "pipe ping-pong, 1 child: $pp us per round trip"
per_table=$(( (games / 28 + 1) / 2 * 2 ))
tournament "$tmp/two.json" 2 "$games"
tournament "$tmp/eight.json" 8 "$per_table"
printf '%-26s %6s %8s %11s %7s %13s %11s %11s\n' run games games/s decisions/s ratio "ref. CPU us" "RSS at 25%" "RSS at 90%"
for conc in 1 2; do
	for field in two eight; do
		if [ "$field" = two ]; then n=$games; else n=$((28 * per_table)); fi
		set -- $(run "$tmp/$field.json" "$conc" "$n")
		awk -v name="$field bots, concurrency $conc" -v g="$1" -v w="$2" -v d="$3" -v c="$4" \
			-v e="$5" -v f="$6" -v pp="$pp" 'BEGIN {
			sub(/^two/, "2", name); sub(/^eight/, "8", name)
			printf "%-26s %6d %8.0f %11.0f %7.3f %13.1f %8d kB %8d kB\n",
				name, g, g / w, d / w, (d / w) * pp / 1e6, c / d * 1e6, e, f }'
	done
done
echo
echo "ratio: decisions/s over pipe round trips/s (one bot answers at a time per"
echo "worker, so concurrency 2 may pass 1). RSS: the largest of the referee's"
echo "processes (parent, workers), a quarter and nine tenths of the way in: flat"
echo "means no per-game state is kept."

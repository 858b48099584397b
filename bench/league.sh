#!/bin/sh
# The league against a tournament of the same games (bench/README.md,
# "The league"): six bench/first_legal_bot bots (each a copy of its own, so
# six bots with their own files), Rolit 6x6 in duplicate sets of two, with
# the sandbox and containment as a user's runs have them by default, at
# concurrency 2: `referee league run --games N` against `referee
# tournament` of a round robin of N games, and the league again in tasks
# of one set each (`--batch 1`: bot processes started for every set).
# Prints each one's games per second, the league's over the tournament's
# (the issue's aim: at least 0.9), and the CPU of the league's own process
# (picking sets, refits, run.jsonl, the index) as a share of the whole
# run's (aim: under 5%).
#
# Run `make bench` (or `make` first). Environment: BENCH_LEAGUE_GAMES
# (default 720, a multiple of 30), PYTHON3 (times the runs).
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bot=$top_builddir/bench/first_legal_bot
python3=${PYTHON3:-python3}
games=${BENCH_LEAGUE_GAMES:-720}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-l.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$referee" keygen "$tmp/key" >/dev/null
key=$tmp/key/referee.key
"$referee" league init "$tmp/league" --game rolit -o size=6 --key "$key" >/dev/null
"$referee" league init "$tmp/single" --game rolit -o size=6 --key "$key" >/dev/null
bots=
for b in a b c d e f; do
	mkdir "$tmp/$b"
	cp "$bot" "$tmp/$b/bot"
	"$referee" league add "$tmp/league" "$b" --key "$key" "$tmp/$b/bot" >/dev/null
	"$referee" league add "$tmp/single" "$b" --key "$key" "$tmp/$b/bot" >/dev/null
	bots="$bots${bots:+,}{\"name\":\"$b\",\"command\":\"$tmp/$b/bot\"}"
done
# 15 pairs of the round robin, a fifteenth of the games each, in sets of two.
printf '{"name":"bench","game":"rolit","options":{"size":6},"players":2,"games":%s,"duplicate":true,"bots":[%s]}\n' \
	$((games / 15)) "$bots" >"$tmp/t.json"

"$python3" - "$referee" "$tmp" "$games" <<'PY'
import resource, subprocess, sys, time

referee, tmp, games = sys.argv[1], sys.argv[2], sys.argv[3]
key = tmp + "/key/referee.key"

def timed(args):
    """Wall seconds, the run's CPU (every process), its own process's."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    own = 0.0
    while p.poll() is None:
        try:
            with open("/proc/%d/stat" % p.pid) as f:
                fields = f.read().rsplit(")", 1)[1].split()
                own = (int(fields[11]) + int(fields[12])) / 100.0
        except (OSError, ValueError, IndexError):
            pass
        time.sleep(0.05)
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    if p.returncode:
        sys.exit("bench/league.sh: %s exited with %d" % (args[1], p.returncode))
    return wall, cpu, own

tw, tc, _ = timed([referee, "tournament", tmp + "/t.json", "--out", tmp + "/t",
                   "--concurrency", "2", "--key", key])
lw, lc, lo = timed([referee, "league", "run", tmp + "/league", "--games", games,
                    "--concurrency", "2", "--key", key])
sw, sc, _ = timed([referee, "league", "run", tmp + "/single", "--games", games,
                   "--concurrency", "2", "--key", key, "--batch", "1"])
g = int(games)
print("%-34s %8s %8s" % ("run (%d games, concurrency 2)" % g, "games/s", "CPU s"))
print("%-34s %8.1f %8.2f" % ("tournament, duplicate sets", g / tw, tc))
print("%-34s %8.1f %8.2f" % ("league (tasks of 24 sets)", g / lw, lc))
print("%-34s %8.1f %8.2f" % ("league, --batch 1", g / sw, sc))
print("league over tournament: %.2f of the games/s" % (tw / lw))
print("the league's own process: %.2f s of CPU, %.1f%% of the run's" % (lo, 100 * lo / lc))
PY

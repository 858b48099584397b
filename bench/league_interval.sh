#!/bin/sh
# How many games of the league a new bot needs before its 95% interval is
# within +/- 50 Elo (bench/README.md, "The league"): six copies of
# bots/random-bot (each its own files, so six bots of equal strength),
# Rolit 6x6, concurrency 2.  Five play BENCH_INTERVAL_BASE games (400),
# then a sixth, n, is added and the league runs BENCH_INTERVAL_GAMES more
# (240) in one run; the interval n had after each 20 games of that run
# (as handed out) is read from a copy of the index holding only those
# games.  Once with tasks of one set (--batch 1) and once with the
# default tasks (--batch 24), BENCH_INTERVAL_REPEATS times each (2):
# BENCH_INTERVAL_BATCHES lists the --batch values (default "1 24").
# Prints, a line each, the batch, then n's games and its +/- after each
# 20 games of the league, and the first count of games at +/- 50 or less.
#
# Run it by hand after `make` (it takes a few minutes): not in `make
# bench`.  Environment: PYTHON3, and those above.
set -eu

top_builddir=${top_builddir:-$(cd "$(dirname "$0")/.." && pwd)}
referee=$top_builddir/referee/referee
bot=$top_builddir/bots/random-bot
python3=${PYTHON3:-python3}
base=${BENCH_INTERVAL_BASE:-400}
games=${BENCH_INTERVAL_GAMES:-240}
repeats=${BENCH_INTERVAL_REPEATS:-2}
batches=${BENCH_INTERVAL_BATCHES:-1 24}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/referee-bench-i.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
"$referee" keygen "$tmp/key" >/dev/null
key=$tmp/key/referee.key
for b in a b c d e n; do
	mkdir "$tmp/$b"
	cp "$bot" "$tmp/$b/bot"
done

for batch in $batches; do
	for r in $(seq "$repeats"); do
		L=$tmp/l-$batch-$r
		"$referee" league init "$L" --game rolit -o size=6 --key "$key" >/dev/null
		for b in a b c d e; do
			"$referee" league add "$L" "$b" --key "$key" "$tmp/$b/bot" >/dev/null
		done
		"$referee" league run "$L" --games "$base" --concurrency 2 --batch "$batch" \
			--key "$key" 2>/dev/null
		"$referee" league add "$L" n --key "$key" "$tmp/n/bot" >/dev/null
		"$referee" league run "$L" --games "$games" --concurrency 2 --batch "$batch" \
			--key "$key" 2>/dev/null
		"$python3" - "$referee" "$L" "$batch" "$games" <<'PY'
import json, shutil, sqlite3, subprocess, sys

referee, league, batch, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
copy = league + "-prefix"
points, reached = [], None
for k in range(20, games + 1, 20):
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(league, copy)
    db = sqlite3.connect(copy + "/league.db")
    # Run 2 is n's: only its first k games handed out.
    db.execute("DELETE FROM seats WHERE run = 2 AND game > ?", (k,))
    db.execute("DELETE FROM games WHERE run = 2 AND game > ?", (k,))
    db.commit()
    db.close()
    out = subprocess.run([referee, "league", "ladder", copy, "--format", "json"],
                         check=True, capture_output=True, text=True).stdout
    row = [r for r in json.loads(out)["ladder"] if r["name"] == "n"][0]
    lo, hi = row["interval"] if row["status"] == "rated" else (None, None)
    half = (hi - lo) / 2 if lo is not None else float("inf")
    points.append("%d:%d:%s" % (k, row["games"], "%.0f" % half if lo is not None else "-"))
    if reached is None and half <= 50:
        reached = k
print("batch %s  league games:n's games:+/- %s  within 50 after %s games" %
      (batch, " ".join(points), reached if reached else "more than %d" % games))
PY
	done
done

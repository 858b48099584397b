#!/usr/bin/env bash
# The league's games graded, and its picker on luck-adjusted scores
# (docs/LEAGUE.md, "Luck told apart"): a bolo league to 1,000 keeps each
# game's grade in its index, each seat's exactly as `referee grade` gives
# it, graded at each refit and at a run's start; once every game of the
# season is graded, a run rests on the intervals of the luck-adjusted
# ratings, the widest as tests/tools/luck_ladder.py computes it again
# from the logs; a log that does not grade, an index made before grades
# and a game without exact values keep the results' intervals.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
bot() { mkdir -p "$TMP/$1" && cp "$BOTS/$1" "$TMP/$1/" && echo "$TMP/$1/$1"; }
pace() { "$REFEREE" league status "$L" | sed -n 's/^pace: //p'; }
db() { sqlite3 "$L/league.db" "$@"; }
# Waits for the run's pace, then stops the run.
pace_of_run() {
	local runner
	"$REFEREE" league run "$L" --for 60s --concurrency 2 "$@" >"$TMP/run.out" 2>&1 &
	runner=$!
	for _ in $(seq 300); do
		[ -n "$(pace)" ] && break
		sleep 0.1
	done
	pace >"$TMP/pace"
	cp "$L/pace.json" "$TMP/pace.json" 2>/dev/null
	kill -INT "$runner"
	wait "$runner"
}

"$REFEREE" league init "$L" --game bolo -o target=1000 >/dev/null
for b in win-bot expect-bot threshold-bot; do
	"$REFEREE" league add "$L" "$b" "$(bot "$b")" >/dev/null
done
expect_exit 0 "$REFEREE" league run "$L" --games 200 --concurrency 2
# A run grades its games at each refit, and at its end the last ones.
expect_eq "$(db "SELECT COUNT(*) FROM games") $(db "SELECT COUNT(*) FROM grades WHERE seat = 0")" \
	"200 200" "every game of the run graded once, at its refits or its end"
expect_exit 0 "$REFEREE" league run "$L" --games 2 --concurrency 1
expect_eq "$(db "SELECT COUNT(*) FROM grades g JOIN games i ON i.run = g.run AND i.game = g.game WHERE g.sha256 = i.sha256 AND g.decisions >= 0")" \
	"404" "... and the next run's: each seat, of its log as indexed"

# Each seat's grade as `referee grade` gives it.
expect_exit 0 "$REFEREE" grade --format json "$L"/runs/00000[12]/game-*.jsonl
cp "$OUT" "$TMP/grades.json"
db -separator ' ' "SELECT run, game, seat, adjusted, luck, error, decisions FROM grades ORDER BY run, game, seat" \
	>"$TMP/index"
expect_eq "$("$PYTHON3" - "$TMP/grades.json" "$TMP/index" <<'PY'
import json, re, sys
want = {}
for line in open(sys.argv[1]):
    g = json.loads(line)
    run, game = map(int, re.search(r"runs/(\d+)/game-(\d+)", g["log"]).groups())
    for s, seat in enumerate(g["seats"]):
        want[(run, game, s)] = (g["adjusted"][s], seat["luck"], seat["error"], seat["decisions"])
have = {}
for line in open(sys.argv[2]):
    run, game, seat, adjusted, luck, error, decisions = line.split()
    have[(int(run), int(game), int(seat))] = (float(adjusted), float(luck), float(error), int(decisions))
bad = [k for k in want if k not in have or
       any(abs(a - b) > 1e-12 for a, b in zip(want[k], have[k]))]
print(len(want), len(have), len(bad))
PY
)" "404 404 0" "each seat's adjusted score, luck, error and decisions: the grade's"

# Every game graded: the run rests on the luck-adjusted intervals, the
# widest the larger of the two sandwich errors (by set and by game) of
# the version whose is largest.
pace_of_run --rest-interval 100
expect_eq "$(sed 's/widest +\/- [0-9]*, [a-z0-9._-]*-v[0-9]*/widest +\/- N, NAME/' "$TMP/pace")" \
	"resting: every active version's 95% interval (of its luck-adjusted rating) is within +/- 100 Elo (the widest +/- N, NAME), so one set a minute until a version arrives or an interval widens" \
	"status: resting on the luck-adjusted intervals"
"$REFEREE" grade --format json "$L"/runs/00000[12]/game-*.jsonl >"$TMP/season.json"
"$PYTHON3" "$top_srcdir/tests/tools/luck_ladder.py" <"$TMP/season.json" >"$TMP/by-set.csv"
LUCK_LADDER_BY_GAME=1 "$PYTHON3" "$top_srcdir/tests/tools/luck_ladder.py" <"$TMP/season.json" >"$TMP/by-game.csv"
expect_eq "$("$PYTHON3" - "$TMP/by-set.csv" "$TMP/by-game.csv" "$TMP/pace.json" <<'PY'
import csv, json, sys
sets, games = (list(csv.DictReader(open(p))) for p in sys.argv[1:3])
widest = max(max(float(a["ci95"]), float(b["ci95"])) for a, b in zip(sets, games))
pace = json.load(open(sys.argv[3]))
print(pace["luck_adjusted"], abs(pace["widest"] - widest) <= 0.06)
PY
)" "True True" "pace.json: the widest interval as computed again from the grades"
widest_luck=$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["widest"])' "$TMP/pace.json")
widest_results=$("$REFEREE" league ladder "$L" --format json | "$PYTHON3" -c '
import json, sys
print(max((r["interval"][1] - r["interval"][0]) / 2 for r in json.load(sys.stdin)["ladder"]))')
diag "the widest 95% interval: +/- $widest_luck luck-adjusted, +/- $widest_results from the results"

# A log that does not grade: entered as such, and the run rests on the
# results' intervals again.
log=$(ls "$L"/runs/000001/game-*.jsonl | head -1)
cp "$log" "$TMP/log"
printf 'not a log\n' >"$log"
game=$((10#$(basename "$log" .jsonl | sed 's/game-//')))
db "DELETE FROM grades WHERE run = 1 AND game = $game"
pace_of_run --rest-interval 1000
expect_eq "$(db "SELECT decisions FROM grades WHERE run = 1 AND game = $game ORDER BY seat" | tr '\n' ' ')" \
	"-1 -1 " "a log that does not grade: entered so, not graded again"
expect_contains "$TMP/pace" "resting: every active version's 95% interval is within +/- 1000 Elo" \
	"... and the run rests on the results' intervals"
cp "$TMP/log" "$log"
db "DELETE FROM grades WHERE run = 1 AND game = $game"

# An index made before it kept grades: opened, it has the table again, and
# a run grades every game of the season.
db "DROP TABLE grades"
expect_exit 0 "$REFEREE" league ladder "$L"
expect_eq "$(db "SELECT COUNT(*) FROM grades")" "0" "an index without grades: the table made when it is opened"
pace_of_run --rest-interval 100
expect_eq "$(db "SELECT COUNT(*) FROM grades WHERE seat = 0 AND decisions >= 0") $(db "SELECT COUNT(*) FROM games WHERE run <= 3")" \
	"$(db "SELECT COUNT(*) FROM games WHERE run <= 3") $(db "SELECT COUNT(*) FROM games WHERE run <= 3")" \
	"... and graded again by the next run"
expect_contains "$TMP/pace" "(of its luck-adjusted rating)" "... which rests on them"

# The server grades nothing: one that does not play serves the grades
# the runs kept, GET /api/luck rates the versions from the graded games'
# luck-adjusted scores as the picker does, and the ladder's page shows
# them under the ladder.
. "$(dirname "$0")/../tools/web_serve.sh"
league_as_user
S=$TMP/served
cp -a "$L" "$S"
[ "$(id -u)" -ne 0 ] || chown -R 65534:65534 "$S"
# Read as the server's user: a file SQLite makes beside the index is theirs.
served() { "${AS[@]}" sqlite3 "$S/league.db" "$@"; }
served "DELETE FROM grades WHERE run = 3"
graded_games() { served "SELECT COUNT(*) FROM grades WHERE seat = 0 AND decisions >= 0"; }
games=$(graded_games)
serve "${SERVE_AS[@]}" -- "$S" --no-play
sleep 6
expect_eq "$(graded_games)" "$games" "--no-play: the server grades nothing, the runs' grades kept as they were"
served -separator ' ' "SELECT run, game FROM grades WHERE seat = 0 AND decisions >= 0" |
	while read -r run game; do
		printf '%s/runs/%06d/game-%06d.jsonl\n' "$L" "$run" "$game"
	done >"$TMP/graded"
xargs "$REFEREE" grade --format json <"$TMP/graded" >"$TMP/graded.json"
"$PYTHON3" "$top_srcdir/tests/tools/luck_ladder.py" <"$TMP/graded.json" >"$TMP/by-set.csv"
LUCK_LADDER_BY_GAME=1 "$PYTHON3" "$top_srcdir/tests/tools/luck_ladder.py" <"$TMP/graded.json" >"$TMP/by-game.csv"
# The view has them a second or two after the index.
for _ in $(seq 300); do
	[ "$(code /api/luck)" = 200 ] && [ "$(json 'd["graded"]')" = "$games" ] && break
	sleep 0.1
done
expect_eq "$(code /api/luck)" 200 "GET /api/luck: 200"
cp "$TMP/body" "$TMP/luck.json"
code /api/ladder >/dev/null
cp "$TMP/body" "$TMP/ladder.json"
cp "$TMP/luck.json" "$TMP/body"
expect_eq "$("$PYTHON3" - "$TMP/by-set.csv" "$TMP/by-game.csv" "$TMP/body" "$(wc -l <"$TMP/graded")" "$TMP/ladder.json" <<'PY'
import csv, json, sys
sets, games = (list(csv.DictReader(open(p))) for p in sys.argv[1:3])
want = {a["bot"]: (float(a["elo"]), max(float(a["ci95"]), float(b["ci95"])), int(a["games"]))
        for a, b in zip(sets, games)}
luck = json.load(open(sys.argv[3]))
have = {r["name"]: (r["elo"], r["ci95"], r["games"]) for r in luck["ladder"]}
ladder = [r["name"] for r in json.load(open(sys.argv[5]))["ladder"]]
print(luck["graded"] == int(sys.argv[4]), [r["name"] for r in luck["ladder"]] ==
      [b for b in ladder if b in want], set(want) == set(have) and
      all(abs(want[b][0] - have[b][0]) <= 0.06 and abs(want[b][1] - have[b][1]) <= 0.06 and
          want[b][2] == have[b][2] for b in want) or (want, have))
PY
)" "True True True" "... each version's luck-adjusted rating, interval and games, as computed again from the grades, in the ladder's order"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/" "$TMP/ladder.dom"
	expect_contains "$TMP/ladder.dom" '<th>95% interval</th><th>luck-adjusted</th><th>games</th>' \
		"chromium: the ladder's luck-adjusted rating is a column of its one order"
	expect_eq "$("$PYTHON3" - "$TMP/ladder.dom" "$TMP/body" <<'PY'
import json, re, sys
dom = open(sys.argv[1]).read()
rows = re.findall(r"<tr>(.*?)</tr>", re.search(r'<table id="ladder">(.*?)</table>', dom).group(1))[1:]
have = {re.search(r'href="/bots/([^"]*)"', r).group(1): re.findall(r"<td>(.*?)</td>", r)[6] for r in rows}
have = {b: v for b, v in have.items() if v != "-"}  # a version without a graded game
want = {r["name"]: "%s +/- %s" % (r["elo"], r["ci95"]) for r in json.load(open(sys.argv[2]))["ladder"]}
print(have == want or (have, want))
PY
)" True "... each version's as GET /api/luck gives it"
	expect_contains "$TMP/ladder.dom" "graded games of the season" "... saying over how many games"
	expect_eq "$(grep -c 'id="luck-ladder"' "$TMP/ladder.dom")" 0 "... and no second order"
else
	ok 0 "# SKIP chromium is not installed"
fi
stop

# A backlog (a league grown before it graded its games): 1,000 of it at a
# run's start and 1,000 at its end, besides what the run itself enters;
# the rest at the next.
B=$TMP/backlog
"$REFEREE" league init "$B" --game bolo -o target=1000 >/dev/null
for b in expect-bot threshold-bot; do
	"$REFEREE" league add "$B" "$b" "$TMP/$b/$b" >/dev/null
done
expect_exit 0 "$REFEREE" league run "$B" --games 2100 --concurrency 2
sqlite3 "$B/league.db" "DROP TABLE grades"
expect_exit 0 "$REFEREE" league run "$B" --games 2 --concurrency 1
expect_eq "$(sqlite3 "$B/league.db" "SELECT COUNT(*) FROM grades WHERE seat = 0")" "2002" \
	"a backlog of 2,100 games: 1,000 graded at a run's start, 1,002 at its end"
expect_exit 0 "$REFEREE" league run "$B" --games 2 --concurrency 1
expect_eq "$(sqlite3 "$B/league.db" "SELECT COUNT(*) FROM grades WHERE seat = 0")" "2104" \
	"... the rest at the next"

# A game without exact values: nothing graded, the results' intervals.
R=$TMP/rolit
"$REFEREE" league init "$R" --game rolit -o size=6 >/dev/null
for b in a b c; do
	mkdir -p "$TMP/r-$b" && cp "$CBOT" "$TMP/r-$b/bot"
	"$REFEREE" league add "$R" "$b" "$TMP/r-$b/bot" "$TMP" >/dev/null
done
expect_exit 0 "$REFEREE" league run "$R" --games 30 --concurrency 2
expect_eq "$(sqlite3 "$R/league.db" "SELECT COUNT(*) FROM grades")" "0" "rolit: no grades"

done_testing

#!/usr/bin/env bash
# `referee league ladder --luck-adjusted` (docs/LEAGUE-LADDER.md, "The
# luck-adjusted ladder"): beside the league's ladder, never instead, its
# versions rated from their luck-adjusted scores, the same bots and the
# same figures as `referee ladder --luck-adjusted` gives of exactly the
# logs the league counts (a set cut by a stop, its logs in aborted/, not
# among them), in the table, csv and json; each version named apart ("a
# v1", "a v2"), though the logs of both name "a"; and the refusals: a
# game without exact values (exit status 3, no ladder at all), a frozen
# --season (2), a season without a game yet (1).
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
L=$TMP/league
# a and b: copies of random-bot, each with its files; c: a bot that sleeps
# 100 ms before each move, so that a stop surely finds its set in flight.
mkdir "$TMP/a" "$TMP/b" "$TMP/c"
cp "$CBOT" "$TMP/a/bot"
cp "$CBOT" "$TMP/b/bot"
cp "$ZOO/slow.py" "$ZOO/zoo.py" "$TMP/c/"
chmod -R a+rX "$TMP/a" "$TMP/b" "$TMP/c"
LADDER=("${LEAGUE[@]}" ladder "$L")
# The luck-adjusted part of a table (from its heading), and of a csv
# (after its blank line); "a" and "b" of `referee ladder` named as the
# league names their first versions.
luck_table() { sed -n '/^luck-adjusted/,$p' "$1"; }
luck_csv() { sed '1,/^$/d' "$1"; }
as_v1() { sed -E 's/^( +[0-9]+  )([ab])   /\1\2 v1/; s/^([0-9]+),([ab]),/\1,\2 v1,/'; }
# The logs the league counts: its runs' finished logs, never aborted/'s.
counted() { ls "$L"/runs/*/game-*.jsonl; }

expect_exit 0 "${LEAGUE[@]}" init "$L" --game bolo -o target=1000
for b in a b; do
	expect_exit 0 "${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot $TMP"
done
expect_exit 1 "${LADDER[@]}" --luck-adjusted
expect_eq "$(cat "$ERR")" "referee league: --luck-adjusted: the season has no game yet to grade" \
	"before the first game: exit 1, why"
expect_eq "$(cat "$OUT")" "" "... and no ladder"
# 16 games of a and b: their mean luck-adjusted scores, whose spread a
# game is some 0.5 between random bots, must lie within 0 and 1 for a
# rating (4 games of a new version left it outside now and then).
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 16 --concurrency 2

# A set of c cut by SIGINT: its logs kept in aborted/, not counted.
expect_exit 0 "${LEAGUE[@]}" add "$L" c "$AS_PYTHON3 $TMP/c/slow.py $TMP 100"
"${LEAGUE[@]}" run "$L" --for 300s --concurrency 1 >"$TMP/run2.out" 2>&1 &
pid=$!
for _ in $(seq 900); do
	[ -s "$L/runs/000002/game-000001.jsonl" ] && break
	sleep 0.1
done
kill -INT "$pid"
wait "$pid"
expect_eq "$?" 1 "run 2 stopped by SIGINT in c's first set"
expect_eq "$(ls "$L/runs/000002/aborted" | head -1)" game-000001.jsonl "... its logs kept in aborted/"
expect_exit 0 "${LEAGUE[@]}" retire "$L" c
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 4 --concurrency 2

expect_exit 0 "${LADDER[@]}" --luck-adjusted --format json
cp "$OUT" "$TMP/league.json"
expect_eq "$("$PYTHON3" -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["games"], d["luck_adjusted"]["games"], sys.argv[2])' "$TMP/league.json" "$(counted | wc -l)")" \
	"20 20 20" "json: the league's ladder and its \"luck_adjusted\" grade the same 20 games, its runs' finished logs"
expect_exit 1 "${AS[@]}" "$REFEREE" ladder --luck-adjusted $(counted) "$L/runs/000002/aborted/game-000001.jsonl"
expect_eq "$(sed -E 's/line [0-9]+:/line N:/' "$ERR")" "referee ladder: --luck-adjusted: $L/runs/000002/aborted/game-000001.jsonl does not verify: line N: the log is incomplete: it does not end with a signature (the game did not finish, or the log was cut)" \
	"... not the cut set's log, which does not grade"
expect_exit 0 "${AS[@]}" "$REFEREE" ladder --luck-adjusted --format json $(counted)
expect_eq "$("$PYTHON3" -c '
import json, sys
league = json.load(open(sys.argv[1]))["luck_adjusted"]
logs = json.load(open(sys.argv[2]))["luck_adjusted"]
for line in logs["ladder"]:
    line["bot"] += " v1"
# cJSON_Print, the printer of the ladder of logs, stops at 15 digits when
# they come within its tolerance; the json of the league gives every digit.
def rounded(doc):
    return json.loads(json.dumps(doc), parse_float=lambda t: float("%.12g" % float(t)))
same = rounded(league) == rounded(logs)
print(same, sorted(line["bot"] for line in league["ladder"]))' "$TMP/league.json" "$OUT")" \
	"True ['a v1', 'b v1']" \
	"... the same \"luck_adjusted\" as 'referee ladder --luck-adjusted' of those logs (to 12 digits), each bot its v1; not c, without a game counted"

expect_exit 0 "${LADDER[@]}" --luck-adjusted
cp "$OUT" "$TMP/league.table"
expect_exit 0 "${AS[@]}" "$REFEREE" ladder --luck-adjusted $(counted)
expect_eq "$(luck_table "$TMP/league.table")" "$(luck_table "$OUT" | as_v1)" \
	"table: after the league's, the luck-adjusted ladder of 'referee ladder --luck-adjusted'"
expect_exit 0 "${LADDER[@]}"
expect_eq "$(sed '/^luck-adjusted/,$d' "$TMP/league.table" | sed '$d')" "$(cat "$OUT")" \
	"... and before it the league's ladder, as printed without --luck-adjusted"
expect_exit 0 "${LADDER[@]}" --luck-adjusted --format csv
cp "$OUT" "$TMP/league.csv"
expect_exit 0 "${AS[@]}" "$REFEREE" ladder --luck-adjusted --format csv $(counted)
expect_eq "$(luck_csv "$TMP/league.csv")" "$(luck_csv "$OUT" | as_v1)" \
	"csv: after a blank line, the csv of 'referee ladder --luck-adjusted'"
expect_exit 0 "${LADDER[@]}" --format csv
expect_eq "$(sed '/^$/,$d' "$TMP/league.csv")" "$(cat "$OUT")" "... after the league's csv"
expect_exit 0 "${LADDER[@]}" --luck-adjusted --versions
expect_eq "$(luck_table "$OUT")" "$(luck_table "$TMP/league.table")" \
	"--versions: the same luck-adjusted ladder (every version with a game this season)"

# A new version of a, its files one byte longer: rated apart from v1.
mkdir "$TMP/a2"
cp "$CBOT" "$TMP/a2/bot"
printf '\0' >>"$TMP/a2/bot"
chmod -R a+rX "$TMP/a2"
expect_exit 0 "${LEAGUE[@]}" add "$L" a "$TMP/a2/bot $TMP"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 16 --concurrency 2  # a v2 against b v1
expect_exit 0 "${LADDER[@]}" --luck-adjusted --versions --format json
expect_eq "$("$PYTHON3" -c '
import json, sys
d = json.load(open(sys.argv[1]))
games = {r["name"] + " v" + str(r["version"]): r["games"] for r in d["ladder"] if r["games"]}
luck = {r["bot"]: r["games"] for r in d["luck_adjusted"]["ladder"]}
print(sorted(luck), luck == games, d["luck_adjusted"]["games"] == d["games"])' "$OUT")" \
	"['a v1', 'a v2', 'b v1'] True True" \
	"a v2: a line of its own, each version with the games the league's ladder counts"

# No exact values: exit status 3 and no ladder at all.
expect_exit 0 "${LEAGUE[@]}" init "$TMP/rolit" --game rolit -o size=6
expect_exit 3 "${LEAGUE[@]}" ladder "$TMP/rolit" --luck-adjusted
expect_eq "$(cat "$ERR")" "referee league: --luck-adjusted: no exact values for rolit: only two-player bolo and bolo5 have them" \
	"rolit: exit 3, why"
expect_eq "$(cat "$OUT")" "" "... and no ladder"
expect_exit 0 "${LEAGUE[@]}" init "$TMP/three" --game bolo --players 3 -o target=1000
expect_exit 3 "${LEAGUE[@]}" ladder "$TMP/three" --luck-adjusted --format json
expect_eq "$(cat "$ERR")" "referee league: --luck-adjusted: no exact values for bolo with 3 players: only two-player games have them" \
	"bolo for three: exit 3, why"
expect_eq "$(cat "$OUT")" "" "... and no ladder"

# A season frozen: its ladder has no luck-adjusted one.
expect_exit 0 "${LEAGUE[@]}" season "$L" s2
expect_exit 2 "${LADDER[@]}" --luck-adjusted --season first
expect_eq "$(cat "$ERR")" "referee league: --luck-adjusted grades the current season's games only, not season first's
(see 'referee league --help')" "--season of a frozen season: refused"
expect_exit 1 "${LADDER[@]}" --luck-adjusted --season s2
expect_eq "$(cat "$ERR")" "referee league: --luck-adjusted: the season has no game yet to grade" \
	"--season of the current season, before its first game: exit 1, why"

done_testing

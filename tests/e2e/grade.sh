#!/usr/bin/env bash
# referee grade (docs/ANALYSIS.md): over a thousand games of bolo and of
# bolo5 between the bundled bots, graded, the identity result - start =
# luck - own errors + opponents' errors holds to 1e-9 in every game; every
# decision of win-bot at the target of its tables is the best, with a
# loss of exactly 0; a fixed log gives exact numbers, and two others at
# the built-in tables' target the same bytes as ever; the tables of
# another target are solved, cached with --tables and read back; a
# forfeit is the seat's whole chance lost; games without exact values
# (rolit, black-pot, volle-lotte, 3 players, the Yahtzee clause) graded
# with estimated ones, labelled, and a fixed log of rolit graded the same
# to the byte; and a log that does not verify, a file
# that is no log and bad usage each get their message and exit status.
. "$(dirname "$0")/../tools/lib.sh"

FIXTURE="$top_srcdir/tests/fixtures/grade/bolo5-1000.jsonl"
WIN="$BOTS/win-bot"
EXPECT="$BOTS/expect-bot"
THRESHOLD="$BOTS/threshold-bot"

# play DIR GAME N SEED BOT...: N games of GAME, their logs in DIR.
play() {
	local dir=$1 game=$2 n=$3 seed=$4
	shift 4
	RUN_LIMIT=300 run "$REFEREE" play $game --games "$n" --seed "$seed" \
		--no-sandbox --no-limits --out "$dir" "$@"
	ok "$([ "$RC" = 0 ]; echo $?)" "referee play ${game% *} (${n} games)" || diag_run
}

# grades DIR: `referee grade --format json DIR` into $TMP/grades, exit 0.
grades() {
	RUN_LIMIT=300 run "$REFEREE" grade --format json "$@"
	cp "$OUT" "$TMP/grades"
	ok "$([ "$RC" = 0 ]; echo $?)" "referee grade --format json $(basename "$1")" || diag_run
}

# query PYTHON: what the Python expression prints, over `grades`, the
# list of the grades read.
query() {
	"$PYTHON3" -c "import json, sys
grades = [json.loads(line) for line in open(sys.argv[1])]
print($1)" "$TMP/grades"
}

# The identity in every game of over a thousand of each game.
for game in bolo bolo5; do
	play "$TMP/many-$game" "$game -o target=1000" 1100 56 \
		"$BOTS/random-bot" "$THRESHOLD 300"
	grades "$TMP/many-$game"
	expect_eq "$(query 'len(grades), sum(g["exact"] for g in grades)')" \
		"1100 1100" "$game: every game of 1100 graded, exactly"
	expect_eq "$(query 'max(abs(g["result"][s] - g["start"][s] - (g["seats"][s]["luck"] - g["seats"][s]["error"] + g["seats"][1 - s]["error"])) for g in grades for s in (0, 1)) <= 1e-9')" \
		True "$game: result - start = luck - own errors + opponents' errors, to 1e-9, in every game"
	expect_eq "$(query 'max(g["identity"] for g in grades) <= 1e-9, all(abs(g["adjusted"][s] - g["result"][s] + g["seats"][s]["luck"]) < 1e-15 for g in grades for s in (0, 1))')" \
		"True True" "$game: the identity as grade states it, and adjusted = result - luck"
	expect_eq "$(query 'sum(1 for g in grades for m in g["moves"] if "played" in m) > 20000')" \
		True "$game: more than 20,000 decisions graded"
done

# win-bot at its tables' target: every decision the best, lost 0.
for game in bolo bolo5; do
	play "$TMP/win-$game" "$game" 12 57 "$WIN" "$EXPECT"
	grades "$TMP/win-$game"
	expect_eq "$(query '{(m["mark"], m["loss"]) for g in grades for m in g["moves"] if "played" in m and g["players"][m["seat"]] == "win-bot"}')" \
		"{('best', 0)}" "$game: each of win-bot's decisions is the best, with a loss of 0"
	expect_eq "$(query 'sum(g["seats"][g["players"].index("win-bot")]["decisions"] for g in grades) > 100')" \
		True "$game: win-bot made over 100 decisions that counted"
done

# A fixed log (win-bot and expect-bot, bolo5 to 1000): exact numbers,
# with a cache of its own, empty (the games above filled the script's).
XDG_CACHE_HOME="$TMP/empty-cache" grades "$FIXTURE"
expect_eq "$(query '*(grades[0][k] for k in ("game", "players", "exact", "start", "result", "adjusted")),' 2>&1)" \
	"bolo5 ['win-bot', 'expect-bot'] True [0.44275109631497456, 0.5572489036850254] [0, 1] [0.40737221159174647, 0.5926277884082536]" \
	"the fixed game: its start, result and adjusted scores"
expect_eq "$(query '[(s["luck"], s["error"], s["decisions"], s["forced"], s["marks"]) for s in grades[0]["seats"]]')" \
	"[(-0.40737221159174647, 0.03537888472322809, 4, 2, {'good': 1, 'inaccuracy': 1, 'mistake': 0, 'blunder': 0}), (0.4073722115917464, 0, 10, 12, {'good': 0, 'inaccuracy': 0, 'mistake': 0, 'blunder': 0})]" \
	"the fixed game: each seat's luck, error, decisions and marks"
expect_eq "$(query 'len(grades[0]["moves"]), grades[0]["moves"][0], [x for x in grades[0]["moves"] if x.get("mark") not in (None, "best")]')" \
	"42 {'move': 0, 'roll': [[5, 5, 6, 3, 2]], 'luck': [0.04830137860495065, -0.04830137860495065], 'chance': [0.4910524749199252, 0.5089475250800748]} [{'move': 23, 'seat': 0, 'played': {'keep': [1, 1, 5]}, 'best': {'keep': [1]}, 'played_words': 'keep 1, 1, 5 for 250', 'best_words': 'keep 1 for 100', 'value': 0.35375696812238416, 'best_value': 0.37472050483393543, 'loss': 0.020963536711551267, 'mark': 'inaccuracy', 'forced': False}, {'move': 24, 'seat': 0, 'played': 'bank', 'best': 'roll', 'played_words': 'bank 750', 'best_words': 'roll 2 dice', 'value': 0.33934162011070734, 'best_value': 0.35375696812238416, 'loss': 0.01441534801167682, 'mark': 'good', 'forced': False}]" \
	"the fixed game: its first roll and the decisions that lost"
expect_eq "$(query 'grades[0]["how"].startswith("exact: tables to 1000 solved now in ")')" True \
	"the fixed game: its tables were solved for its target"
run "$REFEREE" grade "$FIXTURE"
expect_contains "$OUT" "  23  seat 0 keep 1, 1, 5 for 250   inaccuracy: lost 2.10%, the best was keep 1 for 100" \
	"the text names the inaccuracy, its loss and the best keep"
expect_contains "$OUT" "result - start = luck - own errors + opponents' errors: holds" \
	"the text says the identity holds"

# The built-in tables' target, to the byte: a game of bolo and one of
# bolo5 (win-bot against expect-bot), graded as JSON and as text, print
# what the build that first graded them printed (tests/fixtures/grade/
# tables.json and tables.txt, the logs' folder left out): the turns'
# values to the last bit, however the grader comes to them.
GRADED="$top_srcdir/tests/fixtures/grade"
for format in json text; do
	run "$REFEREE" grade --format $format "$GRADED/bolo-10000.jsonl" \
		"$GRADED/bolo5-10000.jsonl"
	sed "s#$GRADED/##" "$OUT" >"$TMP/graded.$format"
	expect_eq "$(cmp "$TMP/graded.$format" "$GRADED/tables.${format/text/txt}" 2>&1)" "" \
		"a bolo and a bolo5 game at the built-in target, as $format: the same bytes as before"
done

# --tables: solved and written once, read after.
expect_exit 0 "$REFEREE" grade --format json --tables "$TMP/tables" "$FIXTURE"
expect_eq "$(ls "$TMP/tables")" "bolo5-1000.values" "--tables DIR keeps the tables of bolo5 to 1000"
expect_exit 0 "$REFEREE" grade --format json --tables "$TMP/tables" "$FIXTURE"
expect_contains "$OUT" "\"how\":\"exact: tables to 1000 read from $TMP/tables/bolo5-1000.values\"" \
	"the second grade reads them"
cp "$OUT" "$TMP/grades"
expect_eq "$(query 'grades[0]["start"]')" "[0.44275109631497456, 0.5572489036850254]" \
	"the tables read give the same values"

# Without --tables: the user's cache, $XDG_CACHE_HOME/arena/values (the
# grades above wrote it), else ~/.cache/arena/values; where it cannot be
# written, the tables are solved each time, the game graded as well and
# the grade says why they were not kept.
expect_eq "$(ls "$XDG_CACHE_HOME/arena/values" | grep -c '^bolo5-1000[.]values$')" 1 \
	"without --tables, the tables are kept in \$XDG_CACHE_HOME/arena/values"
expect_exit 0 "$REFEREE" grade --format json "$FIXTURE"
expect_contains "$OUT" "\"how\":\"exact: tables to 1000 read from $XDG_CACHE_HOME/arena/values/bolo5-1000.values\"" \
	"... and read from there after"
expect_exit 0 env -u XDG_CACHE_HOME "$REFEREE" grade --format json "$FIXTURE"
expect_eq "$(ls "$HOME/.cache/arena/values" | grep -c '^bolo5-1000[.]values$')" 1 \
	"without XDG_CACHE_HOME, in ~/.cache/arena/values"
touch "$TMP/a-file"
expect_exit 0 env XDG_CACHE_HOME="$TMP/a-file" HOME="$TMP/a-file" "$REFEREE" grade --format json "$FIXTURE"
cp "$OUT" "$TMP/grades"
expect_eq "$(query '__import__("re").sub(r"in [0-9.]+ s", "in T s", grades[0]["how"]), grades[0]["start"]')" \
	"exact: tables to 1000 solved now in T s (not kept: cannot make $TMP/a-file/arena/values: Not a directory) [0.44275109631497456, 0.5572489036850254]" \
	"with no cache that can be written: solved, the same values, and why they were not kept"

# A forfeit (an illegal action, logged, not played): the seat's whole
# chance is its loss, no decision is counted, and the identity holds.
# Both bots decline the fairness exchange and play the same moves each
# time, so the seed alone fixes the dice and the chance forfeited.
play "$TMP/forfeit" "bolo -o target=1000" 1 60 "$(zoo first-legal)" "$(zoo illegal-move number)"
grades "$TMP/forfeit"
expect_eq "$(query '[(m["seat"], m["forfeit"], m["mark"], round(m["loss"], 9), m["loss"] == grades[0]["seats"][1]["error"]) for m in grades[0]["moves"] if "forfeit" in m]')" \
	"[(1, 'illegal-action', 'forfeit', 0.548541286, True)]" "a forfeit is one move, its loss the seat's whole error"
expect_eq "$(query 'grades[0]["result"], grades[0]["seats"][1]["decisions"], grades[0]["identity"] <= 1e-9')" \
	"[1, 0] 0 True" "the illegal action is no decision, and the identity holds"

# No exact values: estimated ones, said so in every grade ("exact":
# false, "how"), every seat's numbers, the identity with the estimates'
# drift to 1e-9, the same grade each time; --summary takes exact values
# only (exit 3, and why).
# (A game of each: estimates take seconds a game, minutes under the
# sanitizers' builds.)
play "$TMP/rolit" "rolit --openings 4" 1 58 "$BOTS/random-bot" "$BOTS/random-bot"
play "$TMP/three" "bolo -o target=1000" 1 59 "$BOTS/random-bot" "$THRESHOLD 300" "$EXPECT"
play "$TMP/vl" volle-lotte 1 60 "$BOTS/random-bot" "$EXPECT"
play "$TMP/clause" "bolo5 -o target=1000 -o yahtzee_clause=on" 1 61 "$EXPECT" "$BOTS/random-bot"
play "$TMP/pot" black-pot 1 62 "$BOTS/random-bot" "$BOTS/random-bot"
for dir in rolit three vl clause pot; do
	grades "$TMP/$dir"
	how='estimated: the mean result of up to 128 pla'
	[ "$dir" != rolit ] || how='estimated: a position searched 4 plies by r'
	[ "$dir" != pot ] || how='estimated: each board weighed by the evalua'
	expect_eq "$(query '[(g["exact"], g["how"][:43], len(g["start"]), all("drift" in s for s in g["seats"])) for g in grades][0]')" \
		"(False, '$how', $(query 'len(grades[0]["players"])'), True)" \
		"$dir: estimated values, said so, every seat's numbers"
	expect_eq "$(query 'max(g["identity"] for g in grades) <= 1e-9, max(abs(g["result"][s] - g["start"][s] - (x["luck"] - x["error"] + x["others"] + x["drift"])) for g in grades for s, x in enumerate(g["seats"])) <= 1e-9')" \
		"True True" "$dir: result - start = luck - error + others + drift, to 1e-9"
	expect_eq "$(query 'all(abs(sum(g["start"]) - 1) < 1e-9 and abs(sum(m["chance"]) - 1) < 1e-9 for g in grades for m in g["moves"] if "chance" in m)')" \
		True "$dir: each event's chances add up to 1"
done
# One grader, two logs of the same game and options, 2 then 3 players:
# exact values for the one, estimated for the other.
grades "$TMP/many-bolo/game-000001.jsonl" "$TMP/three/game-000001.jsonl"
expect_eq "$(query '[(g["exact"], len(g["seats"])) for g in grades]')" "[(True, 2), (False, 3)]" \
	"a 3-player log after a 2-player one of the same options: each its own values"
grades "$TMP/rolit"
cp "$TMP/grades" "$TMP/grades-once"
grades "$TMP/rolit"
expect_eq "$(cmp "$TMP/grades" "$TMP/grades-once" && echo same)" same "rolit: the same grade again"
expect_eq "$(query '[len(m["opening"]) for m in grades[0]["moves"] if "opening" in m], sum(1 for m in grades[0]["moves"] if "played" in m)')" \
	"[1, 1, 1, 1] 56" "rolit: the opening's 4 moves drawn, each a chance event; 56 decisions"
expect_eq "$(query '[m["move"] for m in grades[0]["moves"] if m.get("exact")] == list(range(45, 61))')" \
	True "rolit: its last 16 moves solved, exact"
# A fixed game of rolit-search against rolit-mcts (8x8, an opening of
# the book): its grade to the byte, the middle game searched, the end
# solved (each value a pure function of its position: no table, no key).
(cd "$top_srcdir/tests/fixtures/grade" &&
	"$REFEREE" grade --format json rolit-search-mcts.jsonl) >"$TMP/fixed" 2>"$ERR"
expect_eq "$(cmp "$TMP/fixed" "$top_srcdir/tests/fixtures/grade/rolit-search-mcts.grade.json" && echo same)" same \
	"rolit: a fixed log's grade, byte for byte"
# A fixed game of black-pot-lookahead against black-pot-mcts: its grade
# to the byte (each value a pure function of its position).
(cd "$top_srcdir/tests/fixtures/grade" &&
	"$REFEREE" grade --format json black-pot-lookahead-mcts.jsonl) >"$TMP/fixed" 2>"$ERR"
expect_eq "$(cmp "$TMP/fixed" "$top_srcdir/tests/fixtures/grade/black-pot-lookahead-mcts.grade.json" && echo same)" same \
	"black-pot: a fixed log's grade, byte for byte"
expect_exit 3 "$REFEREE" grade --summary "$TMP/rolit/game-000001.jsonl"
expect_eq "$(cat "$ERR")" "referee grade: $TMP/rolit/game-000001.jsonl: no exact values for rolit: only two-player bolo and bolo5 have them" \
	"--summary of a rolit log: no exact values, and why"

# A log that does not verify: exit 1, verify's words.
sed '5s/"seat":1/"seat":0/; 5s/"seat":0,/"seat":1,/' "$FIXTURE" >"$TMP/corrupt.jsonl"
expect_exit 1 "$REFEREE" grade "$TMP/corrupt.jsonl"
expect_eq "$(cat "$ERR")" \
	"referee grade: $TMP/corrupt.jsonl does not verify: line 6: \"prev\" is not the hash of line 5: a line was changed, removed or reordered" \
	"a corrupt log does not verify: named, with verify's reason"
expect_eq "$(wc -c <"$OUT")" 0 "a corrupt log: nothing graded"
echo 'not a log' >"$TMP/text.jsonl"
expect_exit 1 "$REFEREE" grade "$TMP/text.jsonl"
expect_eq "$(cat "$ERR")" "referee grade: $TMP/text.jsonl is not a game log: its first line is not a header record" \
	"a file that is no log"
expect_exit 1 "$REFEREE" grade "$TMP/nowhere.jsonl"
expect_contains "$ERR" "referee grade: cannot open '$TMP/nowhere.jsonl'"
mkdir "$TMP/empty"
expect_exit 1 "$REFEREE" grade "$TMP/empty"
expect_eq "$(cat "$ERR")" "referee grade: $TMP/empty holds no game log" "a folder without logs"

# Bad usage: exit 2.
expect_exit 2 "$REFEREE" grade --format xml "$FIXTURE"
expect_contains "$ERR" "referee grade: --format takes text or json"
expect_exit 2 "$REFEREE" grade
expect_contains "$ERR" "referee grade: no log or folder given"
expect_exit 0 "$REFEREE" grade --help
expect_contains "$OUT" "usage: referee grade LOG|DIR... [--format text|json] [--tables DIR]"

done_testing

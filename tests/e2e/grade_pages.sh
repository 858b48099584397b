#!/usr/bin/env bash
# A game's grade where games are shown (docs/ANALYSIS.md, "In the replay,
# the report and the league"): `referee replay --grade` tells each
# decision's mark and the best action after its move, each roll's luck,
# and the table of skill and luck, from the grader `referee grade` uses
# (the same numbers); a game without exact values says why it is not
# graded.  The HTML replay draws each seat's chance to win as a strip, one
# point a graded move, marks each decision beside its move; the report
# sums each bot's error rate and luck over its graded games; the league's
# server serves a game's grade (GET /api/grade/NNNNNN/game-NNNNNN, exactly
# `referee grade`'s JSON without the log's path, each decision's actions
# listed in words with their values, best first), draws it on the game's
# page, and gives each bot's figures over its recent games.
. "$(dirname "$0")/../tools/lib.sh"

HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"
FIXTURE="$top_srcdir/tests/fixtures/grade/bolo5-1000.jsonl"

# py EXPR: what the Python expression prints, `grade` the fixture's
# grade as `referee grade --format json` gives it, `page` the JSON in
# $TMP/page.json, bare(doc) a grade without its log's path, its values'
# how and its decisions' actions listed for a page.
py() {
	"$PYTHON3" -c "import json, sys
def bare(doc):
    doc = {k: v for k, v in doc.items() if k not in ('log', 'how')}
    doc['moves'] = [{k: v for k, v in m.items() if k not in ('actions', 'actions_left')} for m in doc['moves']]
    return doc
grade = json.loads(open(sys.argv[1]).readline())
try:
    page = json.load(open(sys.argv[2]))
except (OSError, ValueError):
    page = None
print($1)" "$TMP/grade.json" "$TMP/page.json"
}

expect_exit 0 "$REFEREE" grade --format json "$FIXTURE"
cp "$OUT" "$TMP/grade.json"

# --- the text replay --------------------------------------------------------------
expect_exit 0 "$REFEREE" replay "$FIXTURE"
expect_not_contains "$OUT" "grade" "replay without --grade: no grade"
cp "$OUT" "$TMP/plain.txt"
expect_exit 0 "$REFEREE" replay --grade "$FIXTURE"
cp "$OUT" "$TMP/graded.txt"
expect_eq "$(grep -v '^  grade ' "$TMP/graded.txt" | sed '/^grade: exact/,$d')" \
	"$(cat "$TMP/plain.txt" | sed '/^the log verifies/,$d')" \
	"replay --grade: the replay's own lines as without it"
expect_eq "$(grep -c '^  grade ' "$TMP/graded.txt")" "$(py 'len(grade["moves"])')" \
	"replay --grade: a line for each of the grade's moves"
expect_eq "$(grep '^  grade ' "$TMP/graded.txt" | sed 's/^  grade //')" \
	"$("$REFEREE" grade "$FIXTURE" | sed -n '2,/^$/p' | sed '/^$/d')" \
	"... each as \`referee grade\` prints it"
expect_eq "$(sed -n '/^move 23: /,/^move 24: /p' "$TMP/graded.txt" | grep '^  grade ')" \
	'  grade   23  seat 0 keep 1, 1, 5 for 250   inaccuracy: lost 2.10%, the best was keep 1 for 100' \
	"replay --grade: move 23's mark and the best keep, after move 23"
expect_eq "$(sed -n '/^play begins/,/^move 1: /p' "$TMP/graded.txt" | grep '^  grade ')" \
	'  grade    0  dice   5 5 6 3 2               luck   +4.83%   -4.83%' \
	"replay --grade: the first roll's luck before move 1"
expect_eq "$(sed -n '/^grade: /,/^result - start/p' "$TMP/graded.txt")" \
	"grade: exact: tables to 1000 read from $XDG_CACHE_HOME/arena/values/bolo5-1000.values

seat  result  start    luck      error    others    adjusted  decisions  forced  inaccuracies  mistakes  blunders  name
   0    0.00   44.28%  -40.74%    3.54%    +0.00%    0.4074          4       2             1         0         0  win-bot
   1    1.00   55.72%  +40.74%    0.00%    +3.54%    0.5926         10      12             0         0         0  expect-bot
result - start = luck - own errors + opponents' errors: holds (0.0e+00)" \
	"replay --grade: the table of skill and luck at the end"

# A game without exact values is graded with estimated ones, said so.
RUN_LIMIT=120 run "$REFEREE" play rolit --games 1 --seed 58 --no-sandbox --no-limits \
	--out "$TMP/rolit" "$CBOT" "$CBOT"
ok "$([ "$RC" = 0 ]; echo $?)" "a game of rolit" || diag_run
ROLIT=$TMP/rolit/game-000001.jsonl
expect_exit 0 "$REFEREE" report "$TMP/rolit"
expect_exit 0 "$REFEREE" replay "$ROLIT"
cp "$OUT" "$TMP/rolit.txt"
expect_exit 0 "$REFEREE" replay --grade "$ROLIT"
expect_eq "$(grep '^grade: ' "$OUT")" \
	"grade: estimated: a position searched 4 plies by rolit-search's evaluation (an action's value one ply more), its score a chance to win by a logistic of scale 15.9 fitted against the solved end; the last 16 moves solved by search, exact" \
	"replay --grade of rolit: graded with estimated values, said so"
expect_eq "$(grep -c '^  grade ' "$OUT")" \
	"$("$REFEREE" grade --format json "$ROLIT" | "$PYTHON3" -c 'import json, sys; print(len(json.load(sys.stdin)["moves"]))')" \
	"... a line for each of its grade's moves"
expect_eq "$(grep -v '^  grade ' "$OUT" | sed '/^grade: /,/^result - start/d' | cat -s)" "$(cat -s "$TMP/rolit.txt")" \
	"... and the replay's own lines as before"

expect_exit 2 "$REFEREE" replay --grade --move 3 "$FIXTURE"
expect_eq "$(head -1 "$ERR")" "referee replay: --grade goes with the whole game, as text or html" \
	"--grade with --move: refused"
expect_exit 2 "$REFEREE" replay --grade --format message --move 3 --seat 0 "$FIXTURE"
expect_eq "$(head -1 "$ERR")" "referee replay: --grade goes with the whole game, as text or html" \
	"--grade with --format message: refused"
expect_exit 0 "$REFEREE" replay --help
expect_contains "$OUT" "  --grade           text and html: each decision's mark and the best" "--help names --grade"

# --- the HTML replay --------------------------------------------------------------
expect_exit 0 "$REFEREE" replay --grade --format html -o "$TMP/graded.html" "$FIXTURE"
$HTMLTOOL "$TMP/graded.html" data >"$TMP/page.json"
cp "$TMP/page.json" "$TMP/graded.json"
expect_eq "$(py 'bare(page["grade"]) == bare(grade)')" True \
	"the page carries the grade, \`referee grade\`'s without the log's path (its tables read from the cache now)"
expect_eq "$(py 'sorted({(len(m["actions"]) == min(12, len(m["actions"]) + m.get("actions_left", 0)), m["actions"][0]["value"] == m["best_value"], m["actions"][0]["words"] == m["best_words"], all(a["value"] >= b["value"] for a, b in zip(m["actions"], m["actions"][1:])), m["played_words"] in [a["words"] for a in m["actions"]] or m["value"] <= m["actions"][-1]["value"]) for m in page["grade"]["moves"] if "actions" in m}), sum(1 for m in page["grade"]["moves"] if "actions" in m) == sum(1 for m in grade["moves"] if "seat" in m and "forfeit" not in m and not m["forced"])')" \
	"[(True, True, True, True, True)] True" \
	"... each decision not forced with its actions listed, 12 at most, best first, the best the grade's, the one played among them or worth no more than the last"
expect_exit 0 "$REFEREE" replay --grade --format html -o "$TMP/rolit.html" "$ROLIT"
$HTMLTOOL "$TMP/rolit.html" data >"$TMP/page.json"
expect_eq "$(py 'page["grade"]["exact"], page["grade"]["how"][:9], len(page["grade"]["moves"]) > 50')" \
	"False estimated True" "a rolit page carries its grade, of estimated values"
# strip_points DOM SEAT: how many points seat SEAT's line of the strip has.
strip_points() {
	$HTMLTOOL "$1" attr points polyline class~=chance "data-seat=$2" | wc -w
}
if [ -n "$BROWSER" ]; then
	! grep -q -e 'src=' -e 'href=' -e '@import' -e 'url(' "$TMP/graded.html"
	ok $? "the graded page loads no other file"
	dump_dom "file://$TMP/graded.html#move=23" "$TMP/graded.dom"
	moves=$(py 'len(grade["moves"])')
	for seat in 0 1; do
		expect_eq "$(strip_points "$TMP/graded.dom" $seat)" $((moves + 1)) \
			"chromium: seat $seat's strip has a point at the start and one a graded move ($((moves + 1)))"
	done
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" text p id=strip-legend)" \
		"win-bot's chance to win; expect-bot's chance to win; a jump: a roll's luck; a thick red bar: the chance a move lost, a red dot an inaccuracy, mistake or blunder; dashed: even (50%); dark line: the move shown." \
		"chromium: the strip's legend names each seat's line and the marks"
	expect_eq "$(grep -o '<p id="strip-legend"[^>]*>.*</p>' "$TMP/graded.dom" | sed 's|</p>.*||' | grep -o 'class="swatch"' | wc -l)" 2 \
		"... each seat's colour beside its name"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" attr class circle class~=mark)" "mark inaccuracy" \
		"chromium: the strip marks the one inaccuracy (a good move has no dot)"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" count line class~=drop)" 2 \
		"chromium: the strip drops at each of the two moves that lost"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" count span class~=grade)" \
		"$(py 'sum(1 for m in grade["moves"] if "seat" in m)')" \
		"chromium: each decision's grade beside its move"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" text span class~=inaccuracy)" \
		'inaccuracy: lost 2.10%, the best was keep 1 for 100' \
		"chromium: the inaccuracy, its loss and the best keep"
	# With no server to play them, each decision's other actions, in words
	# with their values, each with the option of referee replay that plays it.
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" text code)" "$("$PYTHON3" -c 'import json, sys
for m in json.load(open(sys.argv[1]))["grade"]["moves"]:
    for a in m.get("actions", []):
        if a["action"] != m["played"]:
            print("--what-if %d=%s" % (m["move"], chr(39) + json.dumps(a["action"], separators=(",", ":")) + chr(39)))' "$TMP/graded.json")" \
		"chromium: a page with no server: each decision's other actions, each with the --what-if of referee replay that plays it"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" text summary | head -1) $($HTMLTOOL "$TMP/graded.dom" count details class~=what-if)" \
		"$("$PYTHON3" -c 'import json, sys
others = [[a for a in m["actions"] if a["action"] != m["played"]] for m in json.load(open(sys.argv[1]))["grade"]["moves"] if m.get("actions")]
others = [o for o in others if o]
print("what if: %d other action%s, played out by referee replay LOG %d" % (len(others[0]), "" if len(others[0]) == 1 else "s", len(others)))' "$TMP/graded.json")" \
		"... under a summary that counts them, at each decision that has any"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" text span class~=grade | sort | uniq -c | sed 's/^ *//' | grep -v 'lost')" \
		"$(py '"\n".join("%d %s" % (n, w) for w, n in sorted({"best": sum(1 for m in grade["moves"] if "seat" in m and not m["forced"] and m["loss"] == 0), "forced": sum(1 for m in grade["moves"] if m.get("forced"))}.items()))')" \
		"chromium: the others best or forced"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" attr data-point line id=strip-now)" \
		"$(py 'max(i + 1 for i, m in enumerate(grade["moves"]) if m["move"] <= 23)')" \
		"chromium: #move=23 marks the strip after move 23"
	expect_eq "$($HTMLTOOL "$TMP/graded.dom" text td | sed -n '/^win-bot$/,+10p' | head -11 | tr '\n' ' ')" \
		"win-bot 0 44.28% −40.74% 3.54% +0.00% 0.4074 4 2 1 0 " \
		"chromium: the table of skill and luck, win-bot's line"
	expect_contains "$TMP/graded.dom" "errors: holds (0.0e+0)" "chromium: the identity holds"
	dump_dom "file://$TMP/rolit.html" "$TMP/rolit.dom"
	expect_contains "$TMP/rolit.dom" "Values: estimated: a position searched 4 plies" \
		"chromium: a rolit page's grade says its values are estimated"
	expect_contains "$TMP/rolit.dom" "+ the estimates' drift: holds" \
		"chromium: ... and that the identity holds with their drift"
	expect_eq "$(strip_points "$TMP/rolit.dom" 1)" "$(py 'len(page["grade"]["moves"]) + 1')" \
		"chromium: ... and draws its strip"
else
	ok 0 "# SKIP chromium is not installed"
fi

# --- the report -------------------------------------------------------------------
# tally GRADES NAME: a bot's figures over the games of GRADES (`referee
# grade --format json`'s lines), as the report and the league sum them.
tally() {
	"$PYTHON3" -c "import json, sys
seats = [g['seats'][s] for g in map(json.loads, open(sys.argv[1]))
         for s, p in enumerate(g['players']) if p == sys.argv[2]]
d = sum(s['decisions'] for s in seats)
marks = sum(s['marks'][m] for s in seats for m in ('inaccuracy', 'mistake', 'blunder'))
print(json.dumps({'games': len(seats), 'decisions': d,
                  'error_per_decision': sum(s['error'] for s in seats) / d,
                  'marks_per_100': 100 * marks / d,
                  'luck_per_game': sum(s['luck'] for s in seats) / len(seats)}))" "$@"
}
D=$TMP/bolo
RUN_LIMIT=120 run "$REFEREE" play bolo -o target=1000 --games 6 --seed 5601 --no-sandbox \
	--no-limits --out "$D" "$BOTS/threshold-bot 300" "$CBOT"
ok "$([ "$RC" = 0 ]; echo $?)" "six games of bolo to 1000" || diag_run
expect_exit 0 "$REFEREE" grade --format json "$D"
cp "$OUT" "$TMP/grades"
expect_exit 0 "$REFEREE" report "$D"
$HTMLTOOL "$D/report/index.html" data >"$TMP/page.json"
for bot in threshold-c-300 random-c; do
	expect_eq "$(py "page['skill']['$bot'] == $(tally "$TMP/grades" $bot)")" True \
		"the report: $bot's error rate and luck, summed from \`referee grade\`'s"
done
expect_eq "$(py "[page['skill'][b]['games'] for b in ('threshold-c-300', 'random-c')]")" \
	"[6, 6]" "the report: each bot's six games graded"
expect_eq "$(py "'grade' in page['games'][0]")" False "the games list carries no grade"
$HTMLTOOL "$D/report/replays/game-000001.html" data game-000001 >"$TMP/page.json"
expect_eq "$(py "bare(page['grade']) == bare(json.loads(open('$TMP/grades').readline()))")" \
	True "the report's replay of a game carries its grade"
# The fixed game: exact figures.
mkdir "$TMP/fixed"
cp "$FIXTURE" "$TMP/fixed/game-000001.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/fixed"
$HTMLTOOL "$TMP/fixed/report/index.html" data >"$TMP/page.json"
expect_eq "$(py "sorted(page['skill'].items())")" \
	"[('expect-bot', {'games': 1, 'decisions': 10, 'error_per_decision': 0, 'marks_per_100': 0, 'luck_per_game': 0.4073722115917464}), ('win-bot', {'games': 1, 'decisions': 4, 'error_per_decision': 0.008844721180807022, 'marks_per_100': 25, 'luck_per_game': -0.40737221159174647})]" \
	"the report of the fixed game: each bot's figures, exactly"
if [ -n "$BROWSER" ]; then
	dump_dom "file://$TMP/fixed/report/index.html" "$TMP/fixed.dom"
	expect_eq "$($HTMLTOOL "$TMP/fixed.dom" text tr class~=skill)" \
		"$(printf '%s\n' "expect-bot1100.000%0.0+40.737%" "win-bot140.884%25.0−40.737%")" \
		"chromium: the report's table of skill and luck, a line a bot"
	dump_dom "file://$TMP/rolit/report/index.html" "$TMP/rolit-report.dom"
	expect_eq "$($HTMLTOOL "$TMP/rolit-report.dom" count section id=skill)" 0 \
		"chromium: a report without a graded game has no table of skill and luck"
else
	ok 0 "# SKIP chromium is not installed"
fi

# --- the league's server ----------------------------------------------------------
if command -v curl >/dev/null; then
	. "$(dirname "$0")/../tools/web_serve.sh"
	league_as_user
	L=$TMP/league
	expect_exit 0 "${LEAGUE[@]}" init "$L" --game bolo -o target=1000
	for b in a b; do
		mkdir "$TMP/$b"
		bot_into "$TMP/$b"
		expect_exit 0 "${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot" "$TMP"
	done
	expect_exit 0 "${LEAGUE[@]}" run "$L" --games 4 --concurrency 1
	LOG=$L/runs/000001/game-000001.jsonl
	expect_exit 0 "$REFEREE" grade --format json "$L/runs/000001"
	cp "$OUT" "$TMP/grades"
	# Each run grades its games into the index at its end.
	expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1
	head -1 "$TMP/grades" >"$TMP/grade.json"
	serve "${SERVE_AS[@]}" -- "$L" --no-play
	expect_eq "$(code /api/grade/000001/game-000001)" 200 "GET /api/grade/000001/game-000001: 200"
	cp "$TMP/body" "$TMP/page.json"
	# (Its tables solved, or read from the cache the grade wrote when the
	# server runs as the same user.)
	expect_eq "$(py "bare(page) == bare(grade), __import__('re').fullmatch(r'exact: tables to 1000 (solved now in [0-9.]+ s|read from $XDG_CACHE_HOME/arena/values/bolo-1000[.]values)', page['how']) is not None")" \
		"True True" \
		"... \`referee grade\`'s JSON of the game, without the log's path"
	expect_eq "$(code /api/grade/000001/game-000099)" 404 "GET /api/grade of no such game: 404"
	expect_eq "$(cat "$TMP/body")" '{"error":"no such game: grades are /api/grade/NNNNNN/game-NNNNNN"}' \
		"... saying what a grade's path is"
	expect_eq "$(code /api/grade/../league.db)" 404 "GET /api/grade/../league.db: 404"
	expect_eq "$(code /api/bots/a)" 200 "GET /api/bots/a: 200"
	cp "$TMP/body" "$TMP/page.json"
	# Summed as the page lists the games, the newest first: the 6 of both
	# runs.
	expect_exit 0 "$REFEREE" grade --format json "$L/runs/000002"
	cat "$TMP/grades" "$OUT" | tac >"$TMP/newest-first"
	expect_eq "$(py "page['grade'] == dict($(tally "$TMP/newest-first" a), of=6) or page['grade']")" True \
		"... a's error rate and luck over its 6 games, summed from \`referee grade\`'s"
	expect_eq "$(py "(lambda want, have: set(want) | {'of'} == set(have) and have['of'] == 6 and all(abs(want[k] - have[k]) < 1e-12 for k in want))($(tally "$TMP/newest-first" a), page['grade_all']) or page['grade_all']")" True \
		"... and over all its games the index has graded: its 6"
	if [ -n "$BROWSER" ]; then
		dump_dom "$URL/games/000001/game-000001" "$TMP/league.dom"
		expect_eq "$(strip_points "$TMP/league.dom" 0)" "$(($(py 'len(grade["moves"])') + 1))" \
			"chromium: the league's game page draws the strip, a point a graded move"
		expect_eq "$($HTMLTOOL "$TMP/league.dom" count span class~=grade)" \
			"$(py 'sum(1 for m in grade["moves"] if "seat" in m)')" \
			"chromium: ... and each decision's grade beside its move"
		dump_dom "$URL/bots/a" "$TMP/bot.dom"
		expect_contains "$TMP/bot.dom" "$(py "'Over 6 graded games of its last 6: %.3f%% of its chance to win lost a decision' % (100 * $(tally "$TMP/newest-first" a)['error_per_decision'])")" \
			"chromium: the bot's page says its error rate"
		expect_contains "$TMP/bot.dom" "$(py "'Over all 6 graded games of its 6: %.3f%% of its chance to win lost a decision' % (100 * $(tally "$TMP/newest-first" a)['error_per_decision'])")" \
			"chromium: ... and over all its graded games"
		expect_eq "$($HTMLTOOL "$TMP/bot.dom" text p id=skill-terms)" \
			"What a decision lost: the chance to win that its move gave away against the best move, from the game's exact values. A mark: a decision that lost 2% or more (an inaccuracy, to 4%; a mistake, to 8%; a blunder). Luck: what the dice gave it beyond what it could expect. See docs/ANALYSIS.md, \"Marks\"." \
			"chromium: ... and says what a lost decision, a mark and luck are"
	else
		ok 0 "# SKIP chromium is not installed"
	fi
	# The page's figures are the index's grades, read there, not graded
	# again from the logs: a grade changed in the index is what it sums.
	"${AS[@]}" sqlite3 "$L/league.db" \
		"UPDATE grades SET decisions = decisions + 1000 WHERE run = 1 AND game = 1"
	expect_eq "$(code /api/bots/a)" 200 "GET /api/bots/a again: 200"
	cp "$TMP/body" "$TMP/page.json"
	expect_eq "$(py "page['grade']['decisions'] - $(tally "$TMP/newest-first" a)['decisions'], page['grade']['games'], page['grade']['of']")" \
		"1000 6 6" "... its figures summed from the index's grades: a game's decisions changed there, 1000 more"
	stop
else
	ok 0 "# SKIP curl is not installed"
fi

assert_no_leftovers
done_testing

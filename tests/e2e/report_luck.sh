#!/usr/bin/env bash
# `referee report --luck-adjusted` shows the luck-adjusted ladder beside
# the ladder when every game has exact values: its data the very member
# `referee ladder --luck-adjusted --format json` prints, and the page's
# table drawn from it; for a game without values, no such ladder and why;
# without the option, none (no log is graded).
. "$(dirname "$0")/../tools/lib.sh"

HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"
cp -r "$top_srcdir/tests/fixtures/luck-ladder/w-t3" "$TMP/run"
chmod -R u+w "$TMP/run"
expect_exit 0 "$REFEREE" ladder --luck-adjusted --format json "$TMP/run"
$PYTHON3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["luck_adjusted"], sort_keys=True))' \
	"$OUT" >"$TMP/want.json"
expect_exit 0 "$REFEREE" report "$TMP/run"
expect_eq "$($HTMLTOOL "$TMP/run/report/index.html" data | $PYTHON3 -c 'import json, sys; print("luck_adjusted" in json.load(sys.stdin))')" \
	False "without --luck-adjusted: no luck-adjusted ladder"
expect_exit 0 "$REFEREE" report --luck-adjusted "$TMP/run"
PAGE=$TMP/run/report/index.html
$HTMLTOOL "$PAGE" data >"$TMP/data.json"
expect_eq "$($PYTHON3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["luck_adjusted"], sort_keys=True))' "$TMP/data.json")" \
	"$(cat "$TMP/want.json")" "the report's luck-adjusted ladder is the one referee ladder --luck-adjusted prints"
expect_eq "$($PYTHON3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print([e["bot"] for e in d["ladder"]], len(d["luck_adjusted"]["ladder"]))' "$TMP/data.json")" \
	"['threshold-c-300', 'win-bot'] 2" "... beside the ladder of the results"

"$REFEREE" play rolit --games 1 --out "$TMP/rolit" "$BOTS/random-bot" "$BOTS/random-bot" >/dev/null 2>&1
expect_exit 0 "$REFEREE" report --luck-adjusted "$TMP/rolit"
expect_eq "$($PYTHON3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(d["luck_adjusted"], d["luck_adjusted_why"])' <($HTMLTOOL "$TMP/rolit/report/index.html" data) | sed "s|$TMP/||")" \
	"None rolit/game-000001.jsonl: no exact values for rolit: only two-player bolo and bolo5 have them" \
	"rolit: no luck-adjusted ladder, and why"

if [ -z "$BROWSER" ]; then
	ok 0 "the report in Chromium # SKIP chromium is not installed"
	done_testing
fi
dump_dom "file://$PAGE" "$TMP/report.dom"
expect_eq "$($HTMLTOOL "$TMP/report.dom" text tr | sed -n '/^rank.*luck-adjusted$/,/^$/p' | head -3)" \
	"$($PYTHON3 -c 'import json, sys
l = json.load(open(sys.argv[1]))
print("rankbotElo\u00b195%gamesresultluck-adjusted")
for e in l["ladder"]:
    print("%d%s%+.1f%.1f%d%.4f%.4f" % (e["rank"], e["bot"], e["elo"], e["ci95"], e["games"], e["result"], e["adjusted"]))' "$TMP/want.json")" \
	"the page draws the luck-adjusted table"
expect_contains <(echo "$($HTMLTOOL "$TMP/report.dom" text p id=luck-variance)") "Variance a game: results " \
	"... and the variance it took out"
done_testing

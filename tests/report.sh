#!/usr/bin/env bash
# End-to-end tests of `referee report` and `referee tournament --report`:
# the site of a finished tournament (its ladder numbers are those of
# `referee ladder --format json`, its crosstable, forfeits and move times
# are those of the logs, each game has its replay), a tampered folder, a
# run in progress whose page reloads itself, and bad usage.  The page's
# data is read from the file; what the page shows once its scripts ran is
# checked in headless Chromium, skipped where it is not installed.
. "$(dirname "$0")/lib.sh"

HTMLTOOL="$PYTHON3 $top_srcdir/tests/htmltool.py"

# tournament FILE GAMES BOT...: a 2-player rolit (size 6) round robin.
tournament() {
	local file=$1 games=$2 sep=""
	shift 2
	{
		printf '{"name": "report-test", "game": "rolit", "options": {"size": 6},\n'
		printf ' "players": 2, "games": %s, "bots": [\n' "$games"
		for bot in "$@"; do
			printf '%s {"name": "%s", "command": "%s"}\n' "$sep" "${bot%%=*}" "${bot#*=}"
			sep=,
		done
		printf ']}\n'
	} >"$file"
}

# check EXPR DESCRIPTION: EXPR, in Python, is true of `data` (the report's
# data), `ladder` (referee ladder --format json) and `logs` (every log's
# records, by file name).
check() {
	"$PYTHON3" - "$D/report.json" "$D/ladder.json" "$D/games" "$1" <<'PY'
import glob, json, os, statistics, sys
data = json.load(open(sys.argv[1]))
ladder = json.load(open(sys.argv[2]))
logs = {os.path.basename(p): [json.loads(l) for l in open(p)]
        for p in sorted(glob.glob(sys.argv[3] + "/*.jsonl"))}
def same(a, b):
    # referee ladder's JSON printer (cJSON) keeps 15 significant digits
    # when they read back within a rounding error: equal to that.
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(a - b) <= 1e-13 * max(1, abs(a), abs(b))
    return a == b
def names(records):
    return [p["name"] for p in records[0]["players"]]
def wdl(a, b):
    count = [0, 0, 0]
    for r in logs.values():
        if a in names(r) and b in names(r):
            ranks = [x for x in r if x["type"] == "result"][0]["ranks"]
            x, y = ranks[names(r).index(a)], ranks[names(r).index(b)]
            count[0 if x < y else 1 if x == y else 2] += 1
    return count
def times(bot):
    return [x["us"] for r in logs.values() for x in r
            if x["type"] == "action" and names(r)[x["seat"]] == bot]
def forfeits(bot, reason):
    return sum(1 for r in logs.values() for x in r if x["type"] == "forfeit"
               and names(r)[x["seat"]] == bot and x["reason"] == reason)
def cell(a, b):
    bots = data["crosstable"]["bots"]
    return data["crosstable"]["cells"][bots.index(a)][bots.index(b)]
BOTS = ["first", "last", "random", "illegal"]
sys.exit(0 if eval(sys.argv[4]) else 1)
PY
	ok $? "$2"
}

FIRST="$PYTHON3 $ZOO/first-legal.py $TMP"
LAST="$PYTHON3 $ZOO/last-legal.py $TMP"
ILLEGAL="$PYTHON3 $ZOO/illegal-move.py $TMP"
D=$TMP/run
tournament "$TMP/t.json" 4 "first=$FIRST" "last=$LAST" "random=$CBOT $TMP" "illegal=$ILLEGAL"
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$D" --concurrency 2 --report
expect_contains "$ERR" "report: $D/report/index.html" "tournament --report says where the report is"
PAGE=$D/report/index.html
$HTMLTOOL "$PAGE" data >"$D/report.json"
"$REFEREE" ladder "$D" --format json >"$D/ladder.json"
expect_not_contains "$PAGE" 'http-equiv="refresh"' "a finished run's page does not reload"
check "not data['live'] and data['manifest']['complete']" "the data says the run is complete"
expect_eq "$(ls "$D/report/replays" | wc -l)" 24 "one replay page per game"
! grep -q -e 'src=' -e 'href="http' -e '@import' -e 'url(' "$PAGE"
ok $? "the report loads no other file"

check "sorted(e['bot'] for e in data['ladder']) == sorted(e['bot'] for e in ladder['ladder'])" \
	"the report's ladder has the bots of referee ladder"
for field in status elo ci95 games points pairs wins draws losses place; do
	check "all(same(e.get('$field'), next(l for l in ladder['ladder'] if l['bot'] == e['bot']).get('$field')) for e in data['ladder'])" \
		"the report's $field equals referee ladder --format json's, bot by bot" ||
		"$PYTHON3" -c "import json, sys
for name in sys.argv[1:]:
    print('#', name, [(e['bot'], e.get('$field')) for e in json.load(open(name))['ladder']])" "$D/report.json" "$D/ladder.json"
done
check "all(e['lo'] < e['elo'] < e['hi'] for e in data['ladder'] if e['status'] == 'rated')" \
	"each rated bot's 95% interval holds its rating"
check "all(abs(data['los'][a][b] + data['los'][b][a] - 1) < 1e-9 for a in range(4) for b in range(4) if data['los'][a][b] is not None)" \
	"LOS of a over b and of b over a add up to 1"

check "all(cell(a, b) == {'w': wdl(a, b)[0], 'd': wdl(a, b)[1], 'l': wdl(a, b)[2], \
	'score': wdl(a, b)[0] + wdl(a, b)[1] / 2} for a in BOTS for b in BOTS if a != b)" \
	"the crosstable's W-D-L of every pair is the logs' ranks"
check "all(b['forfeits'].get('illegal-action', 0) == forfeits(b['bot'], 'illegal-action') for b in data['bots'])" \
	"forfeits by reason are the logs' forfeit records"
check "next(b for b in data['bots'] if b['bot'] == 'illegal')['forfeits'] == {'illegal-action': 12}" \
	"the illegal bot forfeited its 12 games for an illegal action"
check "all(b['us']['moves'] == len(times(b['bot'])) and b['us']['max'] == max(times(b['bot'])) and \
	b['us']['median'] == statistics.median(times(b['bot'])) and \
	b['us']['p95'] == sorted(times(b['bot']))[-(-95 * len(times(b['bot'])) // 100) - 1] \
	for b in data['bots'] if times(b['bot']))" \
	"each bot's move times (median, p95, max) are those of its actions in the logs"
check "len(data['games']) == 24 and all(os.path.exists('$D/report/' + g['replay']) for g in data['games'])" \
	"the games list links each game to its replay page"
check "data['verification'] == {'logs': 24, 'verified': 24, 'in_progress': 0, 'failed': [], \
	'keys': [open('$D/referee.pub').read().strip()]}" "verification: 24 of 24 logs, one key"
check "data['manifest']['signed'] and data['manifest']['finished'] == 24 and data['manifest']['hashes_match'] == 24" \
	"the manifest is signed and every log has its hash"

# --- a tampered copy ----------------------------------------------------------------------
cp -r "$D" "$TMP/bad"
"$PYTHON3" "$top_srcdir/tests/logtool.py" byte "$D/games/000003.jsonl" "$TMP/bad/games/000003.jsonl" 9
expect_exit 1 "$REFEREE" report "$TMP/bad" -o "$TMP/bad-site"
expect_contains "$ERR" "referee report: 1 log of $TMP/bad did not verify (listed in the report)" "report: a bad log is named"
expect_contains "$OUT" "report written to $TMP/bad-site/index.html" "report -o writes where asked"
$HTMLTOOL "$TMP/bad-site/index.html" data >"$TMP/bad.json"
"$PYTHON3" -c "import json, sys
d = json.load(open(sys.argv[1]))
assert d['verification']['verified'] == 23 and [f['log'] for f in d['verification']['failed']] == ['games/000003.jsonl']
assert d['manifest']['bad_logs'] == ['games/000003.jsonl'] and d['manifest']['hashes_match'] == 23" "$TMP/bad.json"
ok $? "a tampered log is listed as failing, and its hash no longer the manifest's"

# --- a stopped run ------------------------------------------------------------------------
# The manifest without its last four records (the last game's "finished",
# "replies", "complete" and the signature; with --report each game is
# listed as it ends, in a record of its own): that game's log counts as
# being played.
cp -r "$D" "$TMP/cut"
head -n -4 "$D/manifest.jsonl" >"$TMP/cut/manifest.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/cut"
$HTMLTOOL "$TMP/cut/report/index.html" data >"$TMP/cut.json"
"$PYTHON3" -c "import json, sys
d = json.load(open(sys.argv[1]))
v, m = d['verification'], d['manifest']
assert (v['verified'], v['in_progress'], v['failed']) == (23, 1, []), v
assert not m['complete'] and not m['signed'] and m['problem'].startswith('not signed yet'), m
assert sum(e['games'] for e in d['ladder']) == 2 * 23" "$TMP/cut.json"
ok $? "a stopped run: the game it did not list as finished is left out, not failed"

# A manifest changed after it was signed: said, and its games still listed.
cp -r "$D" "$TMP/changed"
sed -i '2s/"table":1,/"table":2,/' "$TMP/changed/manifest.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/changed"
$HTMLTOOL "$TMP/changed/report/index.html" data >"$TMP/changed.json"
"$PYTHON3" -c "import json, sys
m = json.load(open(sys.argv[1]))['manifest']
assert not m['signed'] and not m['complete'] and 'key' not in m, m
assert m['problem'] == 'line 3: \"prev\" is not the hash of line 2: a line was changed, removed or reordered', m['problem']" "$TMP/changed.json"
ok $? "a changed manifest: the report says which line breaks the chain"

# --- usage -----------------------------------------------------------------------------
expect_exit 2 "$REFEREE" report
expect_contains "$ERR" "referee report: no tournament folder given" "report without a folder"
expect_exit 2 "$REFEREE" report "$TMP/none"
expect_contains "$ERR" "referee report: cannot read '$TMP/none': No such file or directory" "report of a missing folder"
expect_exit 2 "$REFEREE" report "$D" --nope
expect_contains "$ERR" "referee report: unknown option '--nope'" "report with an unknown option"

# --- a run in progress ------------------------------------------------------------------------
# Slow bots (0.2 s a move, 12 moves a game, one game at a time): after the
# first game the page is there, reloading itself, until the run ends.
SLOW="$PYTHON3 $ZOO/slow.py $TMP 200"
printf '{"name": "live", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 4,
 "bots": [{"name": "a", "command": "%s"}, {"name": "b", "command": "%s"}]}\n' "$SLOW" "$SLOW" >"$TMP/live.json"
timeout 60 "$REFEREE" tournament "$TMP/live.json" --out "$TMP/live" --concurrency 1 --report >/dev/null 2>&1 &
LIVE_PID=$!
for _ in $(seq 1 200); do
	grep -qs 'http-equiv="refresh"' "$TMP/live/report/index.html" && break
	sleep 0.1
done
grep -qs 'http-equiv="refresh" content="10"' "$TMP/live/report/index.html"
ok $? "during the run the page reloads itself every 10 s"
$HTMLTOOL "$TMP/live/report/index.html" data >"$TMP/live.json.data"
"$PYTHON3" -c "import json, sys
d = json.load(open(sys.argv[1]))
assert d['live'] and not d['manifest']['complete'] and 1 <= d['manifest']['finished'] < 4
assert d['verification']['failed'] == [] and d['verification']['verified'] == d['manifest']['finished']" "$TMP/live.json.data"
ok $? "during the run: every finished game verifies, none is shown as failing"
wait "$LIVE_PID"
ok $? "the slow run ends"
expect_not_contains "$TMP/live/report/index.html" 'http-equiv="refresh"' "after the run the page no longer reloads"

# --- in the browser -------------------------------------------------------------------------
if [ -z "$BROWSER" ]; then
	ok 0 "the report in Chromium # SKIP chromium is not installed"
	assert_no_leftovers
	done_testing
fi
dump_dom "file://$PAGE" "$TMP/report.dom"
for bot in first last random illegal; do
	want=$("$PYTHON3" -c "import json, sys
e = [e for e in json.load(open(sys.argv[1]))['ladder'] if e['bot'] == sys.argv[2]][0]
print({'rated': '%+.1f', 'above': '> %.1f', 'below': '< %.1f'}[e['status']] % e['elo'] if e['status'] != 'unrated' else 'unrated')" "$D/ladder.json" "$bot")
	expect_eq "$($HTMLTOOL "$TMP/report.dom" text td class~=elo "data-bot=$bot")" "$want" "the page shows $bot's Elo as referee ladder does ($want)"
done
expect_eq "$($HTMLTOOL "$TMP/report.dom" count circle data-elo)" \
	"$("$PYTHON3" -c "import json, sys; print(sum(e['status'] != 'unrated' for e in json.load(open(sys.argv[1]))['ladder']))" "$D/ladder.json")" \
	"the plot has a point for each rated bot"
expect_eq "$($HTMLTOOL "$TMP/report.dom" count a href)" 24 "the games list links the 24 replays"
expect_eq "$($HTMLTOOL "$TMP/report.dom" text li id=logs-verified)" \
	"24 of 24 logs verify (chain, signature, commitments, every draw, every move replayed)" "the page says every log verifies"
expect_contains "$TMP/report.dom" "manifest: 24 of 24 games finished; complete; chain and signature hold; 24 of 24 logs have the hash it lists" \
	"the page sums up the manifest"
screenshot "file://$PAGE" "$TMP/report.png"
[ "$(wc -c <"$TMP/report.png" 2>/dev/null || echo 0)" -gt 20000 ]
ok $? "a screenshot of the report is not blank"
# A replay page of the report opens where the games list points.
REPLAY=$($HTMLTOOL "$TMP/report.dom" attr href a | head -n 1)
dump_dom "file://$D/report/$REPLAY" "$TMP/replay.dom"
expect_eq "$($HTMLTOOL "$TMP/replay.dom" text span id=verify)" "verified" "the first game's replay opens and verifies"

assert_no_leftovers
done_testing

#!/usr/bin/env bash
# End-to-end tests of `referee report` and `referee tournament --report`:
# the site of a finished tournament (its ladder is `referee ladder --format
# json`'s, in its order, its crosstable and forfeits are those of the logs,
# each game has its replay, the replays share one script and one style
# file), a tampered folder, a stopped run and a run in progress with their
# banners, the games table in pages, a rebuild that only adds what is new,
# the Elo plot across the page, and bad usage.  The page's
# data is read from the file; what the page shows once its scripts ran is
# checked in headless Chromium, skipped where it is not installed.
. "$(dirname "$0")/../tools/lib.sh"

HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"

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
import glob, json, os, sys
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
def same_tree(a, b):
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_tree(a[k], b[k]) for k in a)
    return same(a, b)
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
expect_eq "$(ls "$D/report/replays" | tr '\n' ' ')" \
	"000001.html games.jsonl replay.css replay.js " \
	"one page of replays for up to 100 games, named after its first, the script and the style they share, and what the next build reuses"
! grep -q -e 'src=' -e 'href="http' -e '@import' -e 'url(' "$PAGE"
ok $? "the report loads no other file"
# The page of replays holds each game's data, in the games list's order,
# and loads the one script and the one style sheet of its folder, by a
# relative link, with no script or style of its own.
expect_eq "$(grep -o -e '<script[^>]*>' -e '<link[^>]*>' -e '<style[^>]*>' "$D/report/replays/000001.html" |
	sed 's/data-game="[0-9]*"/data-game="N"/' | uniq -c | sed 's/^ *//' | tr '\n' ' ')" \
	'1 <link rel="stylesheet" href="replay.css"> 24 <script data-game="N" type="application/octet-stream"> 1 <script src="replay.js"> ' \
	"the page of replays has the 24 games' data, links replay.js and replay.css and embeds neither"
expect_eq "$(grep -o 'data-game="[0-9]*"' "$D/report/replays/000001.html" | cut -d'"' -f2 | tr '\n' ' ')" \
	"$(cd "$D/games" && ls | sed 's/\.jsonl$//' | tr '\n' ' ')" "... game by game in the games list's order"
expect_eq "$(cat "$D/report/replays/replay.js")" "$(cat "$top_srcdir"/referee/report/html/{dom,grade,replay,dice,rolit,black_pot}.js)" \
	"replay.js: the replay's scripts, the renderer of every game"
expect_eq "$(cat "$D/report/replays/replay.css")" "$(cat "$top_srcdir/referee/report/html/page.css")" "replay.css: the pages' style"

# The ladder is referee ladder's, one computation for both: the same bots
# in the same order, with the same ratings, forfeits and reply times
# (medians included); the report adds each interval's ends.
check "[e['bot'] for e in data['ladder']] == [e['bot'] for e in ladder['ladder']]" \
	"the report's ladder has referee ladder's bots in its order"
check "len(data['ladder']) == 4 and all(same_tree({k: v for k, v in e.items() if k not in ('lo', 'hi')}, l) \
	for e, l in zip(data['ladder'], ladder['ladder']))" \
	"each bot's line is referee ladder --format json's, reply times and forfeits included" ||
	diff <("$PYTHON3" -m json.tool "$D/report.json") <("$PYTHON3" -m json.tool "$D/ladder.json") | head -n 40 | sed 's/^/# /'
check "all(e['lo'] < e['elo'] < e['hi'] for e in data['ladder'] if e['status'] == 'rated')" \
	"each rated bot's 95% interval holds its rating"
check "all(abs(data['los'][a][b] + data['los'][b][a] - 1) < 1e-9 for a in range(4) for b in range(4) if data['los'][a][b] is not None)" \
	"LOS of a over b and of b over a add up to 1"

check "all(cell(a, b) == {'w': wdl(a, b)[0], 'd': wdl(a, b)[1], 'l': wdl(a, b)[2], \
	'score': wdl(a, b)[0] + wdl(a, b)[1] / 2} for a in BOTS for b in BOTS if a != b)" \
	"the crosstable's W-D-L of every pair is the logs' ranks"
check "next(e for e in data['ladder'] if e['bot'] == 'illegal')['forfeits'] == {'total': 12, 'by_reason': {'illegal-action': 12}}" \
	"the illegal bot forfeited its 12 games for an illegal action"
check "all(e['forfeits']['total'] == forfeits(e['bot'], 'illegal-action') for e in data['ladder'])" \
	"forfeits are the logs' forfeit records"
check "len(data['games']) == 24 and all(g['replay'] == 'replays/000001.html#game=' + g['log'][6:-6] for g in data['games']) \
	and os.path.exists('$D/report/replays/000001.html')" \
	"the games list links each game to its replay, #game=NAME on the page of replays"
check "data['verification'] == {'logs': 24, 'verified': 24, 'in_progress': 0, 'failed': [], \
	'keys': [open('$D/referee.pub').read().strip()], 'trusted': True, \
	'trust': 'checked against your own key ($KEYDIR/referee.pub)'}" "verification: 24 of 24 logs, one key, the user's own, trusted by default"
check "data['manifest']['signed'] and data['manifest']['finished'] == 24 and data['manifest']['hashes_match'] == 24" \
	"the manifest is signed and every log has its hash"

# --- whose signature ------------------------------------------------------------------------
# Without --key the report names the key and says it was not checked;
# with the folder's key as the one trusted, it says it was; with another
# key, nothing verifies.
PUB=$(cat "$D/referee.pub")
expect_exit 0 "$REFEREE" report "$D" -o "$TMP/plain-site"
expect_eq "$(cat "$OUT")" "report written to $TMP/plain-site/index.html
logs signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" "report: names the key, the user's own, trusted by default"
expect_exit 0 "$REFEREE" report "$D" -o "$TMP/trusted-site" --key "$D/referee.pub"
expect_eq "$(cat "$OUT")" "report written to $TMP/trusted-site/index.html
logs signed by key $PUB, checked against a key you trust" "report --key: names the key, checked against it"
$HTMLTOOL "$TMP/trusted-site/index.html" data >"$TMP/trusted.json"
$HTMLTOOL "$TMP/trusted-site/replays/000001.html" data 000001 >"$TMP/trusted-replay.json"
"$PYTHON3" -c "import json, sys
v = json.load(open(sys.argv[1]))['verification']
assert (v['verified'], v['trusted'], v['trust']) == (24, True, 'checked against a key you trust'), v
r = json.load(open(sys.argv[2]))['verify']
assert (r['ok'], r['trusted'], r['trust']) == (True, True, 'checked against a key you trust'), r" \
	"$TMP/trusted.json" "$TMP/trusted-replay.json"
ok $? "report --key: the site and its replays say the key was checked"
"$REFEREE" keygen "$TMP/other" >/dev/null
expect_exit 1 "$REFEREE" report "$D" -o "$TMP/other-site" --key "$TMP/other/referee.pub"
expect_contains "$ERR" "referee report: 24 logs of $D did not verify (listed in the report)" \
	"report --key of another key: no log verifies"
$HTMLTOOL "$TMP/other-site/index.html" data >"$TMP/other.json"
"$PYTHON3" -c "import json, sys
d = json.load(open(sys.argv[1]))
assert d['verification']['failed'][0]['error'].endswith('signed by key $PUB, not by the key given'), d['verification']['failed'][0]
assert not d['manifest']['signed'] and d['manifest']['problem'].endswith('signed by key $PUB, not by the key given'), d['manifest']" "$TMP/other.json"
ok $? "report --key of another key: each log and the manifest are signed by another key"
expect_exit 2 "$REFEREE" report "$D" --key "$TMP/none.pub"
expect_contains "$ERR" "referee report: cannot read key file '$TMP/none.pub'" "report --key of a missing file: exit 2"

# --- a tampered copy ----------------------------------------------------------------------
cp -r "$D" "$TMP/bad"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" byte "$D/games/000003.jsonl" "$TMP/bad/games/000003.jsonl" 9
expect_exit 1 "$REFEREE" report "$TMP/bad" -o "$TMP/bad-site"
expect_contains "$ERR" "referee report: 1 log of $TMP/bad did not verify (listed in the report)" "report: a bad log is named"
expect_contains "$OUT" "report written to $TMP/bad-site/index.html" "report -o writes where asked"
$HTMLTOOL "$TMP/bad-site/index.html" data >"$TMP/bad.json"
"$PYTHON3" -c "import json, sys
d = json.load(open(sys.argv[1]))
assert d['verification']['verified'] == 23 and [f['log'] for f in d['verification']['failed']] == ['games/000003.jsonl']
assert d['manifest']['bad_logs'] == ['games/000003.jsonl'] and d['manifest']['hashes_match'] == 23" "$TMP/bad.json"
ok $? "a tampered log is listed as failing, and its hash no longer the manifest's"

# The report shows the numbers `referee ladder` prints, computed once for
# both: the crosstable (the report's counted only the logs that verified,
# so beside the ladder, which rates a signed run from its manifest, a
# tampered log made them differ), the likelihood of superiority and the
# medians and 95th percentiles of the reply times.
"$REFEREE" ladder "$TMP/bad" >"$TMP/bad-ladder.txt"
"$PYTHON3" - "$TMP/bad.json" "$TMP/bad-ladder.txt" <<'PY'
import sys, json
data = json.load(open(sys.argv[1]))
text = open(sys.argv[2]).read().split("\n\n")
def section(title):
    lines = next(s for s in text if s.startswith(title)).splitlines()
    return [l.split() for l in lines[2:]]  # after the title and the column numbers
bots = [e["bot"] for e in data["ladder"]]
cross = data["crosstable"]
for row in section("crosstable"):
    a = bots.index(row[1])
    for b, shown in enumerate(row[2:]):
        c = cross["cells"][cross["bots"].index(bots[a])][cross["bots"].index(bots[b])]
        want = "-" if a == b else "." if c is None else "%g/%d" % (c["score"], c["w"] + c["d"] + c["l"])
        assert shown == want, (bots[a], bots[b], shown, c)
for row in section("likelihood of superiority"):
    a = bots.index(row[1])
    for b, shown in enumerate(row[2:]):
        p = data["los"][a][b]
        assert shown == ("-" if p is None else "%.1f%%" % (100 * p)), (a, b, shown, p)
stats = next(s for s in text if s.lstrip().startswith("rank  bot") and "forfeits" in s)
for line in stats.splitlines()[1:]:
    f = line.split()
    e = data["ladder"][bots.index(f[1])]
    times = [x for x, unit in zip(f, f[1:]) if unit == "ms"]  # median, p95, max (CPU...)
    assert times[:3] == ["%.1f" % e["reply_ms"][k] for k in ("median", "p95", "max")], (line, e)
assert sum(c["w"] + c["d"] + c["l"] for row in cross["cells"] for c in row if c) == 2 * 24
PY
ok $? "a tampered run: the report's crosstable, LOS and reply times are referee ladder's, of its 24 games"

# --- a stopped run ------------------------------------------------------------------------
# The manifest without its last four records (the last game's "finished",
# "replies", "complete" and the signature; with --report each game is
# listed as it ends, in a record of its own): that game's log counts as
# being played.
cp -r "$D" "$TMP/cut"
rm -r "$TMP/cut/report"
head -n -4 "$D/run.jsonl" >"$TMP/cut/run.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/cut"
cp "$TMP/cut/report/index.html" "$TMP/cut/report/stopped.html"
$HTMLTOOL "$TMP/cut/report/index.html" data >"$TMP/cut.json"
"$PYTHON3" -c "import json, sys
d = json.load(open(sys.argv[1]))
v, m = d['verification'], d['manifest']
assert (v['verified'], v['in_progress'], v['failed']) == (23, 1, []), v
assert not m['complete'] and not m['signed'] and m['problem'].startswith('not signed yet'), m
assert sum(e['games'] for e in d['ladder']) == 2 * 23" "$TMP/cut.json"
ok $? "a stopped run: the game it did not list as finished is left out, not failed"
expect_eq "$(grep -o 'data-game="[0-9]*"' "$TMP/cut/report/replays/000001.html" | wc -l)" 23 \
	"a stopped run: a replay for each finished game"
"$REFEREE" ladder "$TMP/cut" --provisional --format json >"$TMP/cut-ladder.json"
"$PYTHON3" -c "import json, sys
# referee ladder prints 15 significant digits (cJSON): equal to that.
def same(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) or isinstance(b, float):
        return abs(a - b) <= 1e-13 * max(1, abs(a), abs(b))
    return a == b
d = json.load(open(sys.argv[1]))['ladder']
l = json.load(open(sys.argv[2]))['ladder']
assert len(d) == len(l) == 4 and all(same({k: v for k, v in e.items() if k not in ('lo', 'hi')}, f)
                                     for e, f in zip(d, l)), (d, l)" "$TMP/cut.json" "$TMP/cut-ladder.json"
ok $? "a stopped run's ladder is referee ladder --provisional's, bot by bot in its order"

# --- each log read once a build ------------------------------------------------------------
# A build opens each log once: its bytes are hashed, verified and replayed
# in one pass, and the manifest's hashes are checked against that hash.  A
# rebuild with nothing new opens each once more, only to hash it: its page
# is kept and the log is not verified again.
# The opens are counted by inotify (tests/tools/opens.py), which needs no
# right over the referee's process, as root and as a normal user alike.
# opened SITE: "LOGS xTIMES..." for `referee report D -o SITE`: how many
# logs were opened, and each count of opens a log had.
opened() {
	"$PYTHON3" "$top_srcdir/tests/tools/opens.py" "$D/games" "$REFEREE" report "$D" -o "$1" \
		2>/dev/null | grep '\.jsonl$' >"$TMP/opened"
	echo "$(wc -l <"$TMP/opened") $(awk '{ print "x" $1 }' "$TMP/opened" | sort -u | tr '\n' ' ')"
}
expect_eq "$(opened "$TMP/once-site")" "24 x1 " "a build from nothing opens each of the 24 logs once"
stat_pages() { (cd "$TMP/once-site/replays" && stat -c '%n %i %y' *.html); }
stat_pages >"$TMP/once-before"
expect_eq "$(opened "$TMP/once-site")" "24 x1 " "a rebuild with nothing new opens each log once, to hash it"
expect_eq "$(stat_pages)" "$(cat "$TMP/once-before")" "... and keeps every page"

# --- a rebuild only adds what is new -----------------------------------------------------
# The run resumed and ended: its last game is listed, so the rebuild makes
# the page of replays with that game again and leaves the shared files
# alone (same inode, same time); a log whose bytes changed gets its page
# made again.  (Pages of other games are left alone: below, with three.)
stat_replays() {
	(cd "$1/report/replays" && stat -c '%n %i %y' *.html replay.js replay.css)
}
stat_replays "$TMP/cut" >"$TMP/cut-before"
sleep 0.05
cp "$D/run.jsonl" "$TMP/cut/run.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/cut"
stat_replays "$TMP/cut" >"$TMP/cut-after"
expect_eq "$(diff "$TMP/cut-before" "$TMP/cut-after" | grep '^>' | cut -d' ' -f1,2) $(grep -o 'data-game="[0-9]*"' "$TMP/cut/report/replays/000001.html" | wc -l)" \
	"> 000001.html 24" "the rebuild after the last game adds it to its page and leaves every other file as it was"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" byte "$D/games/000005.jsonl" "$TMP/cut/games/000005.jsonl" 9
expect_exit 1 "$REFEREE" report "$TMP/cut"
stat_replays "$TMP/cut" >"$TMP/cut-changed"
expect_eq "$(diff "$TMP/cut-after" "$TMP/cut-changed" | grep '^>' | cut -d' ' -f1,2)" "> 000001.html" \
	"a log changed since the last build: its page alone is made again"
$HTMLTOOL "$TMP/cut/report/replays/000001.html" data 000005 >"$TMP/changed-replay.json"
"$PYTHON3" -c "import json, sys
v = json.load(open(sys.argv[1]))['verify']
assert not v['ok'] and v['error'], v" "$TMP/changed-replay.json"
ok $? "... and says it no longer verifies"

# A manifest changed after it was signed: said, and its games still listed.
cp -r "$D" "$TMP/changed"
sed -i '2s/"table":1,/"table":2,/' "$TMP/changed/run.jsonl"
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
cp "$TMP/live/report/index.html" "$TMP/live/report/running.html"
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

# --- pages of replays -----------------------------------------------------------------------
# 250 games: three pages of replays, of games 1 to 100, 101 to 200 and 201
# to 250, each named after its first.  A log changed: its page alone is
# made again; a page an earlier build made that this one does not is
# removed.
printf '{"name": "pages", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 250,
 "sandbox": false, "bots": [{"name": "a", "command": "%s %s"}, {"name": "b", "command": "%s %s"}]}\n' \
	"$CBOT" "$TMP" "$CBOT" "$TMP" >"$TMP/pages.json"
expect_exit 0 "$REFEREE" tournament "$TMP/pages.json" --out "$TMP/pages" --concurrency 2 --report
expect_eq "$(ls "$TMP/pages/report/replays" | tr '\n' ' ')" \
	"000001.html 000101.html 000201.html games.jsonl replay.css replay.js " "250 games: three pages of replays"
expect_eq "$(for page in 000001 000101 000201; do
	grep -o 'data-game="[0-9]*"' "$TMP/pages/report/replays/$page.html" | sed -n '1p;$p' | cut -d'"' -f2
done | tr '\n' ' ')" "000001 000100 000101 000200 000201 000250 " "... of games 1 to 100, 101 to 200 and 201 to 250"
cp -r "$TMP/pages" "$TMP/pages-changed"
(cd "$TMP/pages-changed/report/replays" && stat -c '%n %i %y' *.html) >"$TMP/pages-before"
: >"$TMP/pages-changed/report/replays/000002.html"
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" byte "$TMP/pages/games/000150.jsonl" "$TMP/pages-changed/games/000150.jsonl" 9
expect_exit 1 "$REFEREE" report "$TMP/pages-changed"
(cd "$TMP/pages-changed/report/replays" && stat -c '%n %i %y' *.html) >"$TMP/pages-after"
expect_eq "$(diff "$TMP/pages-before" "$TMP/pages-after" | grep '^[<>]' | cut -d' ' -f1,2 | tr '\n' ' ')" \
	"< 000101.html > 000101.html " "a log changed: the page of its game alone is made again, the others keep their inode and time"
expect_eq "$(ls "$TMP/pages-changed/report/replays" | grep -c html)" 3 "... and a page no game of this build is on is removed"
$HTMLTOOL "$TMP/pages-changed/report/replays/000101.html" data 000150 >"$TMP/pages-changed.json"
"$PYTHON3" -c "import json, sys
v = json.load(open(sys.argv[1]))['verify']
assert not v['ok'] and v['error'], v" "$TMP/pages-changed.json"
ok $? "... and game 150's replay says it no longer verifies"

# Logs named with characters a URL reads otherwise: the links say them
# percent-encoded.
mkdir -p "$TMP/odd/games"
cp "$D/games/000001.jsonl" "$TMP/odd/games/a b#1.jsonl"
cp "$D/games/000002.jsonl" "$TMP/odd/games/x%y.jsonl"
expect_exit 0 "$REFEREE" report "$TMP/odd"
expect_eq "$($HTMLTOOL "$TMP/odd/report/index.html" data | "$PYTHON3" -c "import json, sys
print(' '.join(g['replay'] for g in json.load(sys.stdin)['games']))")" \
	"replays/a%20b%231.html#game=a%20b%231 replays/a%20b%231.html#game=x%25y" \
	"logs named with a space, # or %: their links percent-encode the names"

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
expect_eq "$($HTMLTOOL "$TMP/report.dom" count a class=replay-link)" 24 "the games list links the 24 replays"
expect_eq "$($HTMLTOOL "$TMP/report.dom" count a class=forfeit-link)" 12 "... and each of the 12 forfeits to its step in its replay"
expect_eq "$($HTMLTOOL "$TMP/report.dom" count a href)" 36 "... and nothing else"
expect_eq "$($HTMLTOOL "$TMP/report.dom" text li id=logs-verified)" \
	"24 of 24 logs verify (chain, signature, commitments, every draw, every move replayed)" "the page says every log verifies"
expect_contains "$TMP/report.dom" "manifest: 24 of 24 games finished; complete; chain and signature hold; 24 of 24 logs have the hash it lists" \
	"the page sums up the manifest"
screenshot "file://$PAGE" "$TMP/report.png"
[ "$(wc -c <"$TMP/report.png" 2>/dev/null || echo 0)" -gt 20000 ]
ok $? "a screenshot of the report is not blank"
expect_eq "$($HTMLTOOL "$TMP/report.dom" count div id=run-state)" 0 "a finished run has no banner"
# A stopped run's banner, and its unfinished log is not "being played".
dump_dom "file://$TMP/cut/report/stopped.html" "$TMP/stopped.dom"
expect_eq "$($HTMLTOOL "$TMP/stopped.dom" text div id=run-state)" \
	"Stopped: 23 of 24 games finished; the run has not ended (its manifest is not signed). \`referee tournament FILE --resume\` plays the rest; until then the ladder rates the finished games." \
	"a stopped run's banner says so"
expect_eq "$($HTMLTOOL "$TMP/stopped.dom" text li id=logs-verified)" \
	"23 of 23 logs verify (chain, signature, commitments, every draw, every move replayed); 1 cut by the stop, not counted" \
	"a stopped run's cut game is not said to be being played"
# The page of a run going on, as it was during the run.
FINISHED=$("$PYTHON3" -c "import json, sys; print(json.load(open(sys.argv[1]))['manifest']['finished'])" "$TMP/live.json.data")
dump_dom "file://$TMP/live/report/running.html" "$TMP/running.dom"
expect_eq "$($HTMLTOOL "$TMP/running.dom" text div id=run-state)" \
	"Running: $FINISHED of 4 games finished so far. This page reloads every 10 s." "a running run's banner says so"

# --- the games table in pages; the Elo plot across the page ---------------------------------
dump_dom "file://$TMP/pages/report/index.html" "$TMP/pages1.dom"
expect_eq "$($HTMLTOOL "$TMP/pages1.dom" count tr class~=game)" 100 "the games table's first page has 100 rows"
expect_eq "$($HTMLTOOL "$TMP/pages1.dom" text span class~=count)" "250 of 250 games, 1 to 100 shown" "... and says which"
expect_eq "$($HTMLTOOL "$TMP/pages1.dom" text nav id=games-pages)" "1 2 3 next" "... and links the other pages"
expect_eq "$($HTMLTOOL "$TMP/pages1.dom" attr href a class~=page | tr '\n' ' ')" \
	"#games-page=2 #games-page=3 #games-page=2 " "... at #games-page=N"
expect_eq "$($HTMLTOOL "$TMP/pages1.dom" attr href a | grep -m 1 replays/)" "replays/000001.html#game=000001" "... the first page starts with the first game"
dump_dom "file://$TMP/pages/report/index.html#games-page=3" "$TMP/pages3.dom"
expect_eq "$($HTMLTOOL "$TMP/pages3.dom" count tr class~=game)" 50 "the last page has the last 50 games"
expect_eq "$($HTMLTOOL "$TMP/pages3.dom" text span class~=count)" "250 of 250 games, 201 to 250 shown" "... and says which"
expect_eq "$($HTMLTOOL "$TMP/pages3.dom" text nav id=games-pages)" "previous 1 2 3" "... and links back"
expect_eq "$($HTMLTOOL "$TMP/pages3.dom" attr href a | grep -m 1 replays/)" "replays/000201.html#game=000201" "... from game 201"
# A game on the second page of replays, by its link; without #game=, the
# page shows its first game.
game_id() { head -n 1 "$TMP/pages/games/$1.jsonl" | "$PYTHON3" -c "import json, sys; print(json.load(sys.stdin)['game_id'])"; }
dump_dom "file://$TMP/pages/report/replays/000101.html#game=000150" "$TMP/game150.dom"
expect_contains "$TMP/game150.dom" "game $(game_id 000150)." "#game=000150 on the page of games 101 to 200 shows game 150"
expect_eq "$($HTMLTOOL "$TMP/game150.dom" text title)" "Rolit replay" "... and names the page after it"
dump_dom "file://$TMP/pages/report/replays/000101.html" "$TMP/game101.dom"
expect_contains "$TMP/game101.dom" "game $(game_id 000101)." "without #game=, the page shows its first game"
dump_dom "file://$TMP/odd/report/replays/a%20b%231.html#game=x%25y" "$TMP/odd.dom"
expect_contains "$TMP/odd.dom" "game $(head -n 1 "$TMP/odd/games/x%y.jsonl" | "$PYTHON3" -c "import json, sys; print(json.load(sys.stdin)['game_id'])")." \
	"the link to log x%y opens its game"
# The plot spans the page's width (a 1200-pixel window, less the page's
# margins) with round ticks: equal steps of 1, 2 or 5 times a power of
# ten, the first and the last beyond every interval's ends.
browser --window-size=1200,900 --virtual-time-budget=1000 --dump-dom "file://$PAGE" >"$TMP/wide.dom"
expect_eq "$($HTMLTOOL "$TMP/wide.dom" attr width svg id=elo-plot)" 1130 "the Elo plot takes the page's width"
$HTMLTOOL "$TMP/wide.dom" text text class~=tick >"$TMP/ticks"
"$PYTHON3" - "$TMP/ticks" "$D/report.json" <<'PY'
import json, math, sys
ticks = [int(t) for t in open(sys.argv[1]).read().split()]
ladder = json.load(open(sys.argv[2]))["ladder"]
steps = {b - a for a, b in zip(ticks, ticks[1:])}
assert len(steps) == 1, ticks
step = steps.pop()
assert step / 10 ** math.floor(math.log10(step)) in (1, 2, 5), ticks
assert 4 <= len(ticks) <= 9, ticks
assert all(t % step == 0 for t in ticks), ticks
assert ticks[0] <= min(e.get("lo", e["elo"]) for e in ladder if e["status"] != "unrated"), ticks
assert ticks[-1] >= max(e.get("hi", e["elo"]) for e in ladder if e["status"] != "unrated"), ticks
PY
ok $? "the plot's ticks are round and even, and bracket every interval ($(tr '\n' ' ' <"$TMP/ticks"))"

REPLAY=$($HTMLTOOL "$TMP/report.dom" attr href a | head -n 1)
dump_dom "file://$D/report/$REPLAY" "$TMP/replay.dom"
expect_eq "$($HTMLTOOL "$TMP/replay.dom" text span id=verify)" "verified" \
	"the first game's replay opens, and says it verifies: the user's own key is trusted by default"
expect_eq "$($HTMLTOOL "$TMP/replay.dom" attr class span id=verify)" "badge ok" "... with the green badge"
expect_eq "$($HTMLTOOL "$TMP/report.dom" text li class~=signer)" \
	"signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" "the report names the key, and that it is the user's own"
# The site made with --key: green.
dump_dom "file://$TMP/trusted-site/index.html" "$TMP/trusted.dom"
expect_eq "$($HTMLTOOL "$TMP/trusted.dom" text li class~=signer)" \
	"signed by key $PUB, checked against a key you trust" "report --key: the page says the key was checked"
dump_dom "file://$TMP/trusted-site/$REPLAY" "$TMP/trusted-replay.dom"
expect_eq "$($HTMLTOOL "$TMP/trusted-replay.dom" attr class span id=verify) $($HTMLTOOL "$TMP/trusted-replay.dom" text span id=verify)" \
	"badge ok verified" "report --key: its replay's badge is green"

assert_no_leftovers
done_testing

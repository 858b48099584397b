#!/usr/bin/env bash
# What the league's pages explain to a class (docs/LEAGUE-SERVER.md, "The
# server"; docs/LEAGUE-LADDER.md, "The ladder"), read in headless
# Chromium and from the JSON they read: the ladder gives each version's
# win % and games, says why its order is not the win %s' and has the
# crosstable (GET /api/crosstable, the index's games pair by pair); a
# bot's page opens on its forfeits and their commonest reason, gives
# each game's result, plots its rating over its own games, shows its
# owner its stderr with paths relative to the bot, wrapped; a Rolit
# league, whose games are not graded, has no luck-adjusted column, no
# empty panel and no skill panel.  crashy plays until a file 'now' is in
# its folder, then says where it broke, by its absolute path, and exits.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"

league_as_user
league_of_two
mkdir "$TMP/crashy"
bot_into "$TMP/crashy"
long=$(printf 'x%.0s' $(seq 400))
cat >"$TMP/crashy/crash.sh" <<SH
#!/bin/sh
if [ -e now ]; then
	echo "Traceback: \$PWD/lib/play.py, line 3: out of ideas" >&2
	echo "$long" >&2
	exit 1
fi
exec ./bot
SH
expect_exit 0 "${LEAGUE[@]}" add --workdir "$TMP/crashy" "$L" crashy sh ./crash.sh
"${AS[@]}" touch "$TMP/crashy/now" 2>/dev/null || touch "$TMP/crashy/now"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 40 --concurrency 2
expect_exit 0 "${LEAGUE[@]}" user add --porcelain --organiser "$L" olga
olga=$(cat "$OUT")
serve "${SERVE_AS[@]}" -- "$L" --no-play

py() { "$PYTHON3" - "$TMP" "$@"; }
code /api/games >/dev/null
cp "$TMP/body" "$TMP/games.json"
code /api/ladder >/dev/null
cp "$TMP/body" "$TMP/ladder.json"
expect_eq "$(code /api/crosstable)" 200 "GET /api/crosstable: 200"
cp "$TMP/body" "$TMP/cross.json"
# Each pair's wins, draws and losses counted again from the games, the
# versions in the order they were added.
expect_eq "$(py <<'PY'
import json, sys
t = sys.argv[1]
games = json.load(open(t + "/games.json"))["games"]
cross = json.load(open(t + "/cross.json"))
names = ["a v1", "b v1", "crashy v1"]
want = [[None] * len(names) for _ in names]
for g in games:
    (x, y) = g["seats"]
    a, b = names.index("%s v%d" % (x["name"], x["version"])), names.index("%s v%d" % (y["name"], y["version"]))
    for (i, j, me, them) in ((a, b, x, y), (b, a, y, x)):
        c = want[i][j] = want[i][j] or {"w": 0, "d": 0, "l": 0, "score": 0}
        k = "w" if me["rank"] < them["rank"] else "l" if me["rank"] > them["rank"] else "d"
        c[k] += 1
        c["score"] += {"w": 1, "d": 0.5, "l": 0}[k]
print(cross == {"bots": names, "cells": want} or (cross, want), len(games))
PY
)" "True 40" "... each pair of versions, row against column, as the 40 games give them"

expect_eq "$(code /api/bots/crashy -H "Authorization: Bearer $olga")" 200 "GET /api/bots/crashy (its owner, the organiser): 200"
cp "$TMP/body" "$TMP/crashy.json"
played=$(py <<'PY'
import json, sys
print(sum(any(s["name"] == "crashy" for s in g["seats"]) for g in json.load(open(sys.argv[1] + "/games.json"))["games"]))
PY
)
expect_lt 0 "$played" "crashy played games"
expect_eq "$(json 'd["season"]')" "{'games': $played, 'forfeits': $played}" \
	"... its season: $played games, every one forfeited"
expect_eq "$(json 'sorted({s["forfeit"] for g in d["games"] for s in g["seats"] if s["name"] == "crashy"})')" "[True]" \
	"... each game's seat of it says it forfeited"
expect_eq "$(json '[p["bot_games"] for p in d["history"]][-1], all(p["bot_games"] <= p["games"] for p in d["history"])')" \
	"$played True" "... its rating's last point after its $played games, each point counting its own games"
expect_eq "$(json 'd["forfeits"][0]["last_words"]["stderr"][0]')" \
	"[start] Traceback: lib/play.py, line 3: out of ideas" "... its stderr names its file relative to the bot"
expect_not_contains "$TMP/body" "$TMP" "... and no path of the server's"
expect_eq "$(code /api/words/"$(json 'd["forfeits"][0]["replay"][7:]')" -H "Authorization: Bearer $olga")" 200 \
	"GET /api/words of its last forfeit: 200"
expect_contains "$TMP/body" '"[start] Traceback: lib/play.py, line 3: out of ideas"' "... the same line, relative to the bot"
expect_not_contains "$TMP/body" "$TMP" "... and no path of the server's"

if [ -z "$BROWSER" ]; then
	for _ in $(seq 14); do ok 0 "# SKIP chromium is not installed"; done
	stop
	done_testing
	exit 0
fi

dump_dom "$URL/" "$TMP/ladder.dom"
expect_contains "$TMP/ladder.dom" '<tr><th>#</th><th>bot</th><th>version</th><th>owner</th><th>rating</th><th>95% interval</th><th>games</th><th>win %</th><th>wins</th><th>draws</th><th>losses</th><th>forfeits</th><th>cut</th><th>state</th></tr>' \
	"chromium: the ladder gives games and win %, and no luck-adjusted column in a league of rolit"
expect_eq "$(py <<'PY'
import json, re, sys
t = sys.argv[1]
dom = open(t + "/ladder.dom").read()
rows = re.findall(r"<tr>(.*?)</tr>", re.search(r'<table id="ladder">(.*?)</table>', dom).group(1))[1:]
have = [re.findall(r"<td>(.*?)</td>", r)[6:8] for r in rows]
# Math.round's half up (72.5 -> 73), not Python's half to even.
want = [[str(r["games"]), "%d%%" % int(100 * r["score"] / (r["wins"] + r["draws"] + r["losses"]) + 0.5)]
        for r in json.load(open(t + "/ladder.json"))["ladder"]]
print(have == want or (have, want))
PY
)" True "... each version's games and its score's share of them"
expect_contains "$TMP/ladder.dom" '<p>The order is by rating, not by win %: a rating weighs whom each bot played, so a win over a strong bot counts for more than a win over a bot that forfeits. A bot ranks by the low end of its 95% interval, which narrows as it plays. See docs/LEAGUE-LADDER.md, "The ladder".</p>' \
	"chromium: the ladder says in short why its order is not the win %s'"
expect_contains "$TMP/ladder.dom" '<details id="order"><summary>The rule in full</summary><p id="order-rule">Ranked by the lower bound of the 95% interval' \
	"... with the rule in full behind it"
expect_contains "$TMP/ladder.dom" '<p id="luck-note" class="muted" hidden=""></p>' "... no luck-adjusted note in a league of rolit"
expect_eq "$(grep -c '<section' "$TMP/ladder.dom")" 0 "... and no panel with nothing in it"
expect_eq "$(py <<'PY'
import json, re, sys
t = sys.argv[1]
dom = open(t + "/ladder.dom").read()
cross = json.load(open(t + "/cross.json"))
order = [cross["bots"].index("%s v%d" % (r["name"], r["version"]))
         for r in json.load(open(t + "/ladder.json"))["ladder"] if "rank" in r]
rows = re.findall(r"<tr>(.*?)</tr>", re.search(r'<table id="crosstable">(.*?)</table>', dom).group(1))
head = re.findall(r"<th>(.*?)</th>", rows[0])
have = [re.findall(r"<td>(.*?)</td>", r) for r in rows[1:]]
def cell(a, b):
    c = cross["cells"][a][b]
    return "" if a == b else "-" if c is None else "%d%% of %d" % (
        int(100 * c["score"] / (c["w"] + c["d"] + c["l"]) + 0.5), c["w"] + c["d"] + c["l"])
want = [[str(k + 1), cross["bots"][a]] + [cell(a, b) for b in order] for k, a in enumerate(order)]
print(head == ["#", "against"] + [str(k + 1) for k in range(len(order))] and have == want or (head, have, want))
PY
)" True "chromium: the ladder's crosstable: each pair's score % and games, in the ladder's order"

dump_dom "$URL/bots/crashy" "$TMP/crashy.dom"
last=$((played < 10 ? played : 10))  # the forfeits of its last 50 games, 10 at most
expect_contains "$TMP/crashy.dom" "<main><p id=\"headline\">crashy forfeited $played of its $played games this season: it crashed or exited ($last of its last $last forfeits).</p>" \
	"chromium: crashy's page opens on its forfeits and their commonest reason"
expect_eq "$($HTMLTOOL "$TMP/crashy.dom" text td | grep -c '^lost, forfeit$')" \
	"$("$PYTHON3" -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["games"]))' "$TMP/crashy.json")" \
	"... each of its recent games: lost, forfeit"
expect_contains "$TMP/crashy.dom" ">$played games of crashy</text>" "... its rating plotted across its own $played games"
expect_eq "$(grep -c '<h2>Skill and luck</h2>' "$TMP/crashy.dom")" 0 "... and no skill panel in a league of rolit"
dump_dom "$URL/bots/a" "$TMP/a.dom"
expect_eq "$(code /api/bots/a)" 200 "GET /api/bots/a: 200"
expect_eq "$(py "$TMP/body" <<'PY'
import json, re, sys
dom = open(sys.argv[1] + "/a.dom").read()
rows = re.findall(r"<tr>(.*?)</tr>", re.search(r'<table id="games">(.*?)</table>', dom).group(1))[1:]
have = [re.findall(r"<td>(.*?)</td>", r)[1] for r in rows]
def result(g):
    me = [s for s in g["seats"] if s["name"] == "a"][0]
    other = [s for s in g["seats"] if s is not me][0]
    return "won" if me["rank"] < other["rank"] else "lost" if me["rank"] > other["rank"] else "draw"
want = [result(g) for g in json.load(open(sys.argv[2]))["games"]]
print(have == want and len(want) > 0 or (have, want))
PY
)" True "chromium: a's page: each game won, lost or drawn, as its seats' ranks say"

# A version added now waits 1st in the queue: with nothing playing its
# note gives no time, with a playing league's status (answered here by
# the page's own fetch, replaced) the time to its first game.
mkdir "$TMP/late"
bot_into "$TMP/late"
expect_exit 0 "${LEAGUE[@]}" add "$L" late "$TMP/late/bot" "$TMP"

# Its owner, logged in: the last words relative to the bot, wrapped in
# the page's width.
cdp_port=$(free_ports 1)
browser --remote-debugging-port="$cdp_port" about:blank >/dev/null &
chromium=$!
PYTHONPATH="$top_srcdir/tests/tools" "$PYTHON3" - "$cdp_port" "$URL" "$olga" >"$TMP/owner" <<'PY'
import json, sys
from cdp import Page
port, url, token = int(sys.argv[1]), sys.argv[2], sys.argv[3]
page = Page(port, url + "/")
page.wait("document.getElementById('ladder') !== null", 30)
page.eval("localStorage.setItem('arena-league-token', %s)" % json.dumps(token))
page.eval("location.href = '/bots/crashy'")
print("drawn", page.wait("location.pathname === '/bots/crashy' && document.querySelector('pre.last-words') !== null && document.querySelector('pre.last-words').textContent !== ''", 30))
print(page.eval("document.querySelector('pre.last-words').textContent.split('\\n')[0]"))
print("wrapped", page.eval("(function (p) { return p.scrollWidth <= p.clientWidth && document.documentElement.scrollWidth <= window.innerWidth; })(document.querySelector('pre.last-words'))"))
page.eval("location.href = '/'")
late = "(function () { var r = [].find.call(document.querySelectorAll('#ladder tr'), function (r) { return r.cells[1].textContent === 'late'; }); return r ? r.cells[4].textContent : ''; })()"
page.wait("location.pathname === '/' && %s !== ''" % late, 30)
print(page.eval(late))
# 2 games a set, 2 busy workers, 0.5 games a second: a set takes a worker 8 s.
playing = {"games": 40, "sets": 20, "players": 2, "workers": 2, "games_per_s": 0.5}
print(" | ".join(page.eval("arena.firstGameIn(%d, %s)" % (n, json.dumps(playing))) for n in (1, 3, 25)))
page.eval("""(function (fetch) { arena.fetch = function (path, options) {
	return path === '/api/status' ? Promise.resolve(new Response(%s)) : fetch(path, options); }; })(arena.fetch)""" % json.dumps(json.dumps(playing)))
page.wait("%s.indexOf(': about') > 0" % late, 30)
print(page.eval(late))
PY
kill "$chromium" 2>/dev/null
wait "$chromium" 2>/dev/null
expect_eq "$(cat "$TMP/owner")" "drawn True
[start] Traceback: lib/play.py, line 3: out of ideas
wrapped True
waiting for its first game, 1st in the queue
about 10 s | about 15 s | about 2 min
waiting for its first game, 1st in the queue: about 10 s" "chromium: its owner reads its stderr relative to the bot, its 400-character line wrapped in the page; a version waiting has the time to its first game while the league plays"
stop
done_testing

#!/usr/bin/env bash
# `referee replay LOG --what-if MOVE=ACTION` (docs/ANALYSIS.md, "What
# if"): in each of the five games a decision of a real log played with
# another legal action (one the turn message offered) plays to its end
# by the reference bots, and the two logs, read side by side, have the
# same draws at the same addresses up to the decision, and after it the
# same values wherever they draw at one address alike (a roll of fewer
# dice the first faces of a roll of more); its header says what it is;
# the what-if's log is refused, with the same words, by verify (with
# --unsigned too), grade, the ladder, the report and a league's verify;
# best is the grade's best action.  On the league's server, the replay
# page offers the what-ifs of each graded decision, which the server
# plays on demand, once per log, move and action, one at a time, while a
# flood of them leaves GET /api/status answered at once; one client past
# its rate of new what-ifs a minute is refused (429) while another is
# answered; in Chromium, each graded decision lists its legal actions in
# words with their values, and following one plays it.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

W=$TMP/w
mkdir -p "$W"

# decide LOG: MOVE=ACTION, a decision past the first third of the game
# whose turn message offered another action than the one played.
decide() {
	"$PYTHON3" - "$1" "$REFEREE" <<'PY'
import json, subprocess, sys
log, referee = sys.argv[1], sys.argv[2]
actions = [json.loads(l) for l in open(log) if '"type":"action"' in l]
for n in range(len(actions) // 3, len(actions) + 1):
    a = actions[n - 1]
    if a.get("opening"):
        continue
    out = subprocess.run([referee, "replay", log, "--format", "message", "--move", str(n),
                          "--seat", str(a["seat"])], capture_output=True, text=True).stdout
    others = [x for x in json.loads(out)["legal"] if x != a["action"]]
    if others:
        print("%d=%s" % (n, json.dumps(others[0], separators=(",", ":"))))
        break
PY
}

# compare SOURCE WHATIF MOVE ACTION: the two logs side by side; prints
# "alike N, parted M" (draws at one address with the same values before
# and after the decision) or what differs.
compare() {
	"$PYTHON3" - "$@" <<'PY'
import hashlib, json, sys
src, wif, move, action = sys.argv[1], sys.argv[2], int(sys.argv[3]), json.loads(sys.argv[4])
def records(path):
    return [json.loads(l) for l in open(path)]
def split(recs):
    """The draws and actions before the move-th action, and the draws after."""
    before, after, n = [], [], 0
    for r in recs:
        if r["type"] == "action":
            n += 1
        elif r["type"] == "draw":
            (before if n < move else after).append(r)
    return before, after
def address(d):
    return (d.get("d"), d.get("seat"), d.get("turn"), d.get("roll"))
def values(d):
    return d.get("faces") or d.get("deck") or [d.get("value")]
S, H = records(src), records(wif)
h = H[0]
problems = []
if h.get("hypothetical") != {"source": hashlib.sha256(open(src, "rb").read()).hexdigest(),
                             "move": move, "action": action}:
    problems.append("header's hypothetical: %s" % h.get("hypothetical"))
if h.get("refereed") is not False or h["game_id"] != S[0]["game_id"]:
    problems.append("header: refereed or game_id")
if [r["type"] for r in H[-2:]] != ["result", "reveal"] or H[-1]["secret"] != S[-2]["secret"]:
    problems.append("end: %s" % [r["type"] for r in H[-2:]])
acts = lambda recs: [(r["seat"], r["action"]) for r in recs if r["type"] == "action"]
if acts(H)[:move - 1] != acts(S)[:move - 1] or acts(H)[move - 1][1] != action:
    problems.append("the actions before the move, or the move")
sb, sa = split(S)
hb, ha = split(H)
strip = lambda ds: [{k: v for k, v in d.items() if k not in ("seq", "prev", "dealt")} for d in ds]
if strip(sb) != strip(hb):
    problems.append("the draws before the move differ")
at = {address(d): d for d in sa}
alike = 0
for d in ha:
    s = at.get(address(d))
    if not s or s["kind"] != d["kind"] or (d["kind"] != "dice" and s.get("m") != d.get("m")):
        continue
    a, b = values(s), values(d)
    k = min(len(a), len(b))
    if a[:k] != b[:k]:
        problems.append("%s: %s, the source's %s" % (address(d), b, a))
    else:
        alike += 1
print("; ".join(problems) if problems else
      "alike %d, after %d" % (len(hb), alike))
PY
}

play_log() {
	local game=$1
	shift
	expect_exit 0 "$REFEREE" play "$game" --seed 77 --log "$W/$game.jsonl" "$@"
}
play_log bolo "$BOTS/win-bot" "$BOTS/expect-bot"
play_log bolo5 "$BOTS/win-bot" "$BOTS/expect-bot"
play_log volle-lotte "$BOTS/expect-bot" "$CBOT"
play_log rolit -o size=6 "$BOTS/rolit-search" "$CBOT"
play_log black-pot "$BOTS/black-pot-lookahead" "$CBOT"

for game in bolo bolo5 volle-lotte rolit black-pot; do
	spec=$(decide "$W/$game.jsonl")
	expect_exit 0 "$REFEREE" replay "$W/$game.jsonl" --what-if "$spec" \
		--out "$W/$game-what-if.jsonl"
	expect_contains "$OUT" "what if: move ${spec%%=*} played otherwise" \
		"$game: the what-if of move ${spec%%=*} is told after its replay"
	result=$(compare "$W/$game.jsonl" "$W/$game-what-if.jsonl" "${spec%%=*}" "${spec#*=}")
	ok "$(case $result in alike*) echo 0 ;; *) echo 1 ;; esac)" \
		"$game: $spec played to its end, the draws the source's up to it and wherever they meet after ($result)" ||
		diag "$result"
done

# The exact values beside it (bolo: grade's), and best is the grade's best.
expect_exit 0 "$REFEREE" replay "$W/bolo.jsonl" --what-if 3=best
expect_eq "$(grep -c -E '^  (played|instead): .*, worth [0-9]+\.[0-9]{2}%' "$OUT")" 2 \
	"bolo: the played and the other action, each with its value"

# --bots own: the game's own bots play on, as its header names them.
expect_exit 0 "$REFEREE" replay "$W/bolo.jsonl" --what-if 3=best --bots own --out "$W/own.jsonl"
expect_eq "$(head -n 1 "$W/own.jsonl" | "$PYTHON3" -c 'import json, sys; print([p["command"] for p in json.loads(sys.stdin.read())["players"]])')" \
	"['$BOTS/win-bot', '$BOTS/expect-bot']" "--bots own: the game's bots play on"
expect_exit 2 "$REFEREE" replay "$W/bolo.jsonl" --what-if 3=best --out "$W/own.jsonl"
expect_eq "$(head -n 1 "$ERR") $(head -c 60 "$W/own.jsonl")" \
	"referee replay: --out $W/own.jsonl: the file exists, and a log is never written over: name another $(head -c 60 "$W/own.jsonl")" \
	"--out FILE that exists: refused, the file kept"
expect_exit 2 "$REFEREE" replay "$W/bolo.jsonl" --what-if 3=best --bots "$CBOT"
expect_eq "$(head -n 1 "$ERR")" "referee replay: --bots names fewer bots: the game has 2 seats" \
	"--bots with too few bots: refused"
for bad in 0=best +3=best " 3=best" 3.0=best x=best 3= 3 1000001=best; do
	expect_exit 2 "$REFEREE" replay "$W/bolo.jsonl" --what-if "$bad"
	expect_eq "$(head -n 1 "$ERR")" "referee replay: --what-if takes MOVE=ACTION, a move number from 1 and the action as the log writes it, or best (--what-if 12='{\"keep\":[1]}', --what-if 30=best), not '$bad'" \
		"--what-if '$bad': refused, saying what it takes"
done
mkdir "$W/tmp"
TMPDIR=$W/tmp expect_exit 2 "$REFEREE" replay "$W/bolo.jsonl" --what-if 3=best --key "$W/no.pub"
expect_eq "$(head -n 1 "$ERR") [$(ls -A "$W/tmp")]" \
	"referee replay: cannot read key file '$W/no.pub': No such file or directory []" \
	"a --key that cannot be read: refused before the game is played, nothing left in TMPDIR"

# Refused everywhere as a game, in the same words.
WHY="line 1: the log is a what-if (\"hypothetical\"), not a game: move ${spec%%=*} of the game whose log's SHA-256 is $(sha256sum "$W/black-pot.jsonl" | cut -c1-64), played otherwise and on by bots; it is not signed and counts for nothing; referee replay shows it"
WIF=$W/black-pot-what-if.jsonl
expect_exit 1 "$REFEREE" verify "$WIF"
expect_eq "$(cat "$OUT")" "$WIF: FAILED: $WHY" "verify refuses the what-if"
expect_exit 1 "$REFEREE" verify --unsigned "$WIF"
expect_eq "$(cat "$OUT")" "$WIF: FAILED: $WHY" "verify --unsigned refuses it too"
expect_exit 1 "$REFEREE" grade "$WIF"
expect_eq "$(cat "$ERR")" "referee grade: $WIF does not verify: $WHY" "grade refuses it"
mkdir "$W/folder"
cp "$WIF" "$W/folder/"
expect_exit 1 "$REFEREE" ladder "$W/folder"
expect_eq "$(head -n 1 "$ERR")" "referee ladder: $W/folder/black-pot-what-if.jsonl: $WHY" \
	"the ladder refuses it"
expect_exit 1 "$REFEREE" report "$W/folder" -o "$W/report"
expect_eq "$("$PYTHON3" -c 'import json, sys; e = json.loads(open(sys.argv[1]).read().splitlines()[1])["entry"]; print(e["verified"], e["error"])' "$W/report/replays/games.jsonl")" \
	"False $WHY" "the report lists it as a log that does not verify, and why"

# The league's server: a league of Bolo, two games.
league_as_user
L=$TMP/league
for b in a b; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
	chmod -R a+rX "$TMP/$b"
done
expect_exit 0 "${LEAGUE[@]}" init "$L" --game bolo
for b in a b; do
	expect_exit 0 "${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot"
done
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1
serve "${SERVE_AS[@]}" -- "$L" --no-play
GAME=/what-if/000001/game-000001
expect_eq "$(code "$GAME?move=3&action=best")" 200 "GET $GAME?move=3&action=best: the what-if's page"
expect_contains "$TMP/body" "<!DOCTYPE html>" "... an HTML page"
page=$(ls "$L"/what-if/*.html)
expect_eq "$(ls "$L"/what-if | wc -l)" 1 "... kept once, by log, move and action"
start=$(now_ms)
expect_eq "$(code "$GAME?move=3&action=best")" 200 "asked again: the page kept"
expect_lt $(($(now_ms) - start)) 1000 "... answered from the file in under a second"
expect_eq "$(code "$GAME?move=0000003&action=best") $(ls "$L"/what-if | wc -l)" "200 1" \
	"move=0000003: the same what-if as move=3, the kept page, no other"
expect_eq "$(code "$GAME?move=%2B3&action=best") $(code "$GAME?move=%203&action=best")" "400 400" \
	"move=+3 or ' 3': 400, as every number a query takes"
expect_eq "$(code "$GAME?move=3&action=%22nothing%22")" 400 "an action that is not legal there: 400"
expect_eq "$(json 'd["error"]')" \
	"--what-if 3: move 3: a roll is waiting: set dice aside with {\"keep\":[faces]}, e.g. {\"keep\":[1,5]}" \
	"... with the rules' words"
expect_eq "$(code "$GAME?move=x&action=best")" 400 "a move that is no number: 400"
expect_eq "$(code "/what-if/000009/game-000001?move=3&action=best")" 404 "no such game: 404"

# A flood: 40 what-ifs of other moves from four users at once, each
# user from an address of their own (the server refuses a seventeenth
# connection at once from one address: on a loaded machine 40 from one
# got 2 refused), while GET /api/status is asked every 0.2 s; each
# what-if answered 200, 429 (two under way for one user, or 4 played for
# them this minute) or 503 (one played at a time, server-wide).
tokens=()
for u in u1 u2 u3 u4; do
	expect_exit 0 "${LEAGUE[@]}" user add --porcelain "$L" "$u"
	tokens+=("$(cat "$OUT")")
done
for i in $(seq 40); do
	curl -s -o /dev/null -w '%{http_code}\n' -H "Authorization: Bearer ${tokens[i % 4]}" \
		--interface "127.0.0.$((3 + i % 4))" \
		"$URL$GAME?move=$((4 + i % 20))&action=best" >"$TMP/flood.$i" &
done
slowest=0
for _ in $(seq 15); do
	read -r status took < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$URL/api/status")
	took=$("$PYTHON3" -c 'import sys; print(int(1000 * float(sys.argv[1])))' "$took")
	[ "$took" -gt "$slowest" ] && slowest=$took
	[ "$status" = 200 ] || slowest=99999
	sleep 0.2
done
# Up to 3 minutes: 40 clients of curl on a machine whose cores are all
# busy (seen: 3 not done after 1 minute at a load of 30).
wait_flood() { for _ in $(seq 1800); do [ "$(cat "$TMP"/flood.* | wc -l)" -eq 40 ] && return; sleep 0.1; done; }
wait_flood
expect_lt "$slowest" 1000 "GET /api/status answered 200 within a second all through the flood (slowest ${slowest} ms)"
flood=$(sort "$TMP"/flood.* | uniq -c | tr -s ' \n' ' ')
expect_eq "$(cat "$TMP"/flood.* | grep -cvE '^(200|429|503)$')" 0 \
	"every what-if of the flood answered 200, 429 or 503 ($flood)"
ok "$(grep -qx 503 "$TMP"/flood.*; echo $?)" \
	"what-ifs asked while one is played are refused at once (503), not queued"

# A stranger's rate: one client (127.0.0.2, no token) asks for 7 new
# what-ifs one after another, each a legal action the grade lists at a
# decision, within a minute of the clock: 4 are played (the default
# --what-ifs-per-minute), the other 3 refused at once, 429 with
# Retry-After the seconds to the next minute; meanwhile another client's
# GET /api/status and a what-if kept are answered within a second.
expect_eq "$(code /api/grade/000001/game-000001)" 200 "GET /api/grade/000001/game-000001"
"$PYTHON3" - "$TMP/body" >"$TMP/asks" <<'PY'
import json, sys, urllib.parse
grade = json.load(open(sys.argv[1]))
asks = [(m["move"], a["action"]) for m in grade["moves"] if m.get("actions") for a in m["actions"][1:2]]
for move, action in asks[:7]:
    print("move=%d&action=%s" % (move, urllib.parse.quote(json.dumps(action, separators=(",", ":")))))
PY
expect_eq "$(wc -l <"$TMP/asks")" 7 "... 7 decisions with a second action listed"
second=$((10#$(date +%S)))
[ "$second" -lt 40 ] || sleep $((61 - second))  # the 7 within one minute
while read -r ask; do
	curl -s -D "$TMP/rate-headers" -o "$TMP/rate-body" -w '%{http_code}\n' --interface 127.0.0.2 \
		"$URL$GAME?$ask" >>"$TMP/rate"
	tr -d '\r' <"$TMP/rate-headers" | sed -n 's/^Retry-After: //p' >>"$TMP/retry"
done <"$TMP/asks" &
rate=$!
slowest=0
while kill -0 "$rate" 2>/dev/null; do
	for path in /api/status "$GAME?move=3&action=best"; do
		read -r status took < <(curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$URL$path")
		took=$("$PYTHON3" -c 'import sys; print(int(1000 * float(sys.argv[1])))' "$took")
		[ "$took" -gt "$slowest" ] && slowest=$took
		[ "$status" = 200 ] || slowest=99999
	done
	sleep 0.2
done
wait "$rate"
expect_eq "$(tr '\n' ' ' <"$TMP/rate")" "200 200 200 200 429 429 429 " \
	"one client's 7 new what-ifs in a minute: 4 played, 3 refused 429"
expect_eq "$(cat "$TMP/rate-body")" \
	'{"error":"you have had 4 new what-ifs played this minute, your most: ask again next minute (one played already is answered now)"}' \
	"... saying why"
expect_eq "$(awk '$1 >= 1 && $1 <= 60' "$TMP/retry" | wc -l)" 3 \
	"... each with Retry-After, the seconds to the next minute ($(tr '\n' ' ' <"$TMP/retry"))"
expect_lt "$slowest" 1000 \
	"another client's GET /api/status and a what-if kept answered 200 within a second all through (slowest ${slowest} ms)"
expect_eq "$(code "$GAME?move=3&action=best" --interface 127.0.0.2)" 200 \
	"... and the client past its rate still has a what-if kept answered"

# The replay page in Chromium: each graded decision lists its legal
# actions but the one played, best first, in words with their values, as
# the grade lists them (six at most as links, more as a choice); the
# first followed plays it, the what-if's page naming it.
if [ -n "$BROWSER" ]; then
	code /api/grade/000001/game-000001 >/dev/null
	chromium_run "$TMP/pages" "$URL" "$TMP/body" <<'PY'
import json, sys
from cdp import Page
port, url, grade = int(sys.argv[1]), sys.argv[2], json.load(open(sys.argv[3]))
def listed(m):
    others = [a for a in m["actions"] if a["action"] != m["played"]]
    label = lambda a: "%s \u2014 %.2f%%" % (a["words"], 100 * a["value"])
    if len(others) <= 6 and not m.get("actions_left"):
        return ["what if: " + label(a) for a in others]
    return ["what if: " + "".join(label(a) for a in others) + "play it"]
page = Page(port, url + "/games/000001/game-000001")
print("offered", page.wait("document.querySelector('#moves .what-if') !== null", 60))
shown = json.loads(page.eval("JSON.stringify(Array.from(document.querySelectorAll('#moves li'))"
                             ".map(li => Array.from(li.querySelectorAll('.what-if'), w => w.textContent))"
                             ".filter(l => l.length))"))
want = [listed(m) for m in grade["moves"] if m.get("actions")]
print("listed", shown == [w for w in want if w], len(shown) > 0)
words = page.eval("(function () { var w = document.querySelector('#moves .what-if');"
                  " if (w.tagName === 'A') { w.click(); return w.textContent; }"
                  " w.querySelector('select').selectedIndex = 1;"
                  " var text = w.querySelector('select').selectedOptions[0].textContent;"
                  " w.querySelector('button').click(); return text; })()")
words = words.replace("what if: ", "").split(" \u2014 ")[0]
print("played", page.wait("location.pathname === '/what-if/000001/game-000001' && "
                          "document.querySelector('#moves li') !== null", 90))
print("named", page.eval("Array.from(document.querySelectorAll('div.what-if'), d => d.textContent)"
                         ".some(t => t.startsWith('  instead: ' + %s + ',') || "
                         "t.startsWith('instead: ' + %s + ','))" % (json.dumps(words), json.dumps(words))))
PY
	expect_eq "$(cat "$TMP/pages")" "$(printf 'offered True\nlisted True True\nplayed True\nnamed True')" \
		"Chromium: each graded decision lists its actions in words with their values, and following one plays it" ||
		diag "$(cat "$TMP/pages")"
else
	ok 0 "# SKIP no Chromium to drive the replay page"
fi
# The what-ifs kept are bounded: with 2000 files kept, a new one is
# refused (503), one kept still answered.
kept=$(ls "$L/what-if" | wc -l)
for i in $(seq $((2000 - kept))); do : >"$L/what-if/filler-$i"; done
expect_eq "$(code "$GAME?move=30&action=best")" 503 "2000 what-ifs kept: a new one refused"
expect_eq "$(json 'd["error"]')" \
	"the server keeps 2000 what-ifs, its most: those are still answered, and no other is played" \
	"... saying why"
expect_eq "$(code "$GAME?move=3&action=best")" 200 "... one kept still answered"
stop

# A league refuses it: a game's log replaced by its what-if.
GAME1=$L/runs/000001/game-000001.jsonl
SOURCE=$(sha256sum "$GAME1" | cut -c1-64)
expect_exit 0 "$REFEREE" replay "$GAME1" --what-if 3=best --out "$TMP/league-what-if.jsonl"
cat "$TMP/league-what-if.jsonl" >"$GAME1"
LEAGUE_WHY="line 1: the log is a what-if (\"hypothetical\"), not a game: move 3 of the game whose log's SHA-256 is $SOURCE, played otherwise and on by bots; it is not signed and counts for nothing; referee replay shows it"
expect_exit 1 "${LEAGUE[@]}" ladder "$L" --luck-adjusted
expect_eq "$(cat "$ERR")" "referee league: --luck-adjusted: $GAME1 does not verify: $LEAGUE_WHY" \
	"the league's luck-adjusted ladder refuses it"
expect_exit 1 "$REFEREE" verify "$L"
expect_contains "$OUT" "$GAME1: FAILED: $LEAGUE_WHY" "verify of the league names it"
done_testing

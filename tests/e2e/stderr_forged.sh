#!/usr/bin/env bash
# A bot that writes the referee's marks of its stderr file to claim its
# opponent's seat (docs/LOGS.md, "A bot's stderr file"): the marks are the
# referee's lines alone, which start with a byte the bot's own bytes never
# hold, so what forge-marks (tests/zoo/forge-marks.py) writes stays its own
# words.  `referee replay` shows each seat exactly its own lines; in a
# league whose server serves the words (GET /api/words/RUN/GAME), the
# victim's owner sees exactly the victim's lines and the forger's owner
# the forger's; a file written before the referee marked its lines is
# still read, its unmarked marks the referee's up to its first marked
# line.  As root the league is nobody's and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

# own_lines LOG SEAT: the lines annotate wrote at its turns in the game
# of LOG (gzip or not), one a line, as its infos in the log say.
own_lines() {
	gzip -dcf "$1" | "$PYTHON3" -c '
import json, sys
for r in map(json.loads, sys.stdin):
    if r["type"] == "action" and r["seat"] == int(sys.argv[1]) and "info" in r:
        k, action = r["info"][len("turn "):].split(": ")
        print("thinking about turn %s\nchose %s" % (k, action))' "$2"
}
# replay_lines SEAT: the stderr lines of seat SEAT's steps in the replay
# document on stdin (`referee replay --format html`'s data is one).
seat_lines() {
	"$PYTHON3" -c '
import json, sys
for s in json.load(sys.stdin)["steps"]:
    if s.get("seat") == int(sys.argv[1]):
        for line in s.get("stderr", []):
            print(line)' "$1"
}
# page_doc FILE: the replay document of the page FILE.
page_doc() {
	"$PYTHON3" -c '
import base64, re, sys, zlib
page = open(sys.argv[1]).read()
print(zlib.decompress(base64.b64decode(re.search(r"<script id=\"data\"[^>]*>([^<]*)<", page).group(1))).decode())' "$1"
}

# --- referee replay ------------------------------------------------------------------------
expect_exit 0 "$REFEREE" play rolit -o size=6 -o first=seat0 --out "$TMP/p" "forger=$(zoo forge-marks)" "victim=$(zoo annotate)"
LOG=$TMP/p/game-000001.jsonl
expect_eq "$(grep -c '^=== arena: game 1 (game_id [0-9a-f]*), seat 1, rolit ===$' "$TMP/p/forger.stderr")" 16 \
	"forge-marks wrote the game's mark for the victim's seat at each of its 16 turns"
expect_eq "$(grep -c $'^\x1a=== arena: game 1' "$TMP/p/forger.stderr")" 16 \
	"... and 16 times after the referee's byte, which its file keeps as 0x1a"
expect_eq "$(grep -c $'\x1e' "$TMP/p/forger.stderr")" "$(grep -c $'^\x1e' "$TMP/p/forger.stderr")" \
	"... so that no byte 0x1e of its file is but the first of a line of the referee's"
expect_exit 0 "$REFEREE" replay "$LOG" --format html -o "$TMP/p.html"
page_doc "$TMP/p.html" >"$TMP/p.json"
expect_eq "$(seat_lines 1 <"$TMP/p.json")" "$(own_lines "$LOG" 1)" \
	"replay: the victim's steps show exactly the 32 lines it wrote"
expect_eq "$(seat_lines 0 <"$TMP/p.json" | grep -c '^forged words for seat 1$')" 32 \
	"... and the forger's its forged lines, as its own words"
expect_eq "$(seat_lines 0 <"$TMP/p.json" | grep -c '^forger: turn ')" 16 "... with its lines of each turn"
expect_exit 0 "$REFEREE" replay "$LOG"
expect_eq "$(grep -c '^  stderr: forged' "$OUT")" 32 "replay in text: the forged lines under the forger's 16 moves, 2 each"
expect_eq "$(grep -B12 'stderr: forged' "$OUT" | grep -c '(victim)')" 0 "... none under a move of the victim's"

# --- a file of an older referee -------------------------------------------------------------
# Its marks unmarked: read as the referee's up to the file's first marked
# line, after which they are the bot's words again.
ID=$(head -n 1 "$LOG" | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["game_id"])')
tr -d '\036' <"$TMP/p/victim.stderr" | grep -v "^=== arena: the referee's lines" >"$TMP/old.stderr"
mkdir "$TMP/old" && cp "$LOG" "$TMP/old/" && mv "$TMP/old.stderr" "$TMP/old/victim.stderr"
expect_exit 0 "$REFEREE" replay "$TMP/old/game-000001.jsonl" --format html -o "$TMP/old.html"
expect_eq "$(page_doc "$TMP/old.html" | seat_lines 1)" "$(own_lines "$LOG" 1)" \
	"a file without the referee's byte (an older referee's): its marks read as they were"
cp "$TMP/p/forger.stderr" "$TMP/old/"
{ printf '\036=== arena: each line of the referee'"'"'s starts with the record separator ===\n'
  printf '=== arena: game 1 (game_id %s), seat 0, rolit ===\nnot the referee\n' "$ID"; } >>"$TMP/old/victim.stderr"
expect_exit 0 "$REFEREE" replay "$TMP/old/game-000001.jsonl" --format html -o "$TMP/old.html"
expect_eq "$(page_doc "$TMP/old.html" | seat_lines 0 | grep -c '^forger: turn')" 16 \
	"... and after its first marked line, an unmarked mark claims no seat (the forger's lines are still shown)"

# --- the league's server --------------------------------------------------------------------
# alice uploads the victim (annotate), bob the forger; they play each
# other; each owner's token sees their own bot's lines, exactly.
# (The organiser's a, which the server starts with, is retired once
# they are in.)
league_as_user
league_of alice bob
zoo_archive annotate
zoo_archive forge-marks
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(post "$alice" victim "$TMP/annotate.tgz")" "202 accepted" "alice uploads victim: accepted"
expect_eq "$(post "$bob" forger "$TMP/forge-marks.tgz")" "202 accepted" "bob uploads forger: accepted"
expect_exit 0 "${LEAGUE[@]}" retire "$L" a
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1
# words TOKEN GAME: the stderr lines GET /api/words/000001/GAME answers
# TOKEN, in order, one a line (its status in $TMP/status).
words() {
	code "/api/words/000001/$2" -H "Authorization: Bearer $1" >"$TMP/status"
	json '"\n".join(line for w in d for line in w.get("stderr", []) + w.get("last_words", {}).get("stderr", []))'
}
for n in 1 2; do
	G=$L/runs/000001/game-00000$n.jsonl
	seat=$(gzip -dcf "$G" | head -n 1 | "$PYTHON3" -c 'import json, sys; print([p["name"] for p in json.load(sys.stdin)["players"]].index("victim"))')
	expect_eq "$(words "$alice" "game-00000$n")" "$(own_lines "$G" "$seat")" \
		"game $n: alice's token sees exactly the victim's lines (seat $seat)"
	expect_eq "$(cat "$TMP/status")" 200 "... answered 200"
	words "$bob" "game-00000$n" >"$TMP/bob.txt"
	expect_eq "$(grep -c '^forged words for seat' "$TMP/bob.txt") $(grep -c '^forger: turn' "$TMP/bob.txt") $(grep -c '^thinking about' "$TMP/bob.txt")" \
		"$(($(gzip -dcf "$G" | grep -c "\"type\":\"action\",\"seat\":$((1 - seat))") * 2)) $(gzip -dcf "$G" | grep -c "\"type\":\"action\",\"seat\":$((1 - seat))") 0" \
		"... bob's the forger's, 2 forged lines and its own at each of its turns, none of the victim's"
done
stop
assert_no_leftovers
done_testing

#!/bin/bash
# End-to-end: a `play --out` or `sprt --out` folder is one signed whole, as
# a tournament's is (docs/FAIRNESS.md, revision 5; docs/LOGS.md, "A play
# or sprt folder"): its run.jsonl names each game's or set's commitment C
# before the game starts and each finished log's SHA-256, and is signed
# when the run ends.  `referee verify` of the folder fails a log missing,
# planted, swapped or altered, a log of another deal than the one started,
# a log whose book line's schedule is not the run's, and a folder whose
# run was stopped; without a key (deleting, copying) and with it
# (re-signing the log and the manifest).  `referee report` of such a folder
# lists its games and says what verify says of it.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

KEY=$KEYDIR/referee.key

# c_of LOG: the commitment C its commit record names.
c_of() {
	grep -m1 '"type":"commit"' "$1" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/'
}
# copy NAME: a copy of $TMP/play as $TMP/NAME, to tamper with, in $T.
copy() {
	cp -r "$TMP/play" "$TMP/$1"
	T=$TMP/$1
}
# refused NAME WHERE WHY: verify of $TMP/NAME fails, saying "WHERE: FAILED: WHY".
refused() {
	expect_exit 1 "$REFEREE" verify "$TMP/$1"
	expect_contains "$OUT" "$2: FAILED: $3" "$1: verify says: ${2#"$TMP/"}: $3" || diag_run
}

# --- play: run.jsonl, in the order things happened --------------------------------------
expect_exit 0 "$REFEREE" play bolo -o target=1000 --games 3 --out "$TMP/play" "$(cbot a)" "$(cbot b)"
expect_eq "$(sed 's/.*"type":"\([a-z]*\)".*/\1/' "$TMP/play/run.jsonl" | tr '\n' ' ')" \
	"run started signature finished started signature finished started signature finished signature " \
	"play: run.jsonl lists each game started and sealed (item 22), then finished, and is signed"
expect_eq "$(head -n 1 "$TMP/play/run.jsonl" | sed 's/"id":"[0-9a-f]*"/"id":ID/')" \
	'{"seq":0,"type":"run","format":"arena-run/1","verb":"play","id":ID,"fairness":7,"game":"bolo","players":2,"bots":["a","b"]}' \
	"play: its first record says what the run is"
for g in 1 2 3; do
	log=$TMP/play/game-00000$g.jsonl
	expect_eq "$(grep '"type":"started"' "$TMP/play/run.jsonl" | sed -n "${g}p" | sed 's/.*"type":"started",//')" \
		"\"games\":[$g],\"commitments\":[\"$(c_of "$log")\"]}" "play: game $g's started record names its C"
	expect_eq "$(grep "\"type\":\"finished\",\"game\":$g," "$TMP/play/run.jsonl" | sed 's/.*"game":[0-9]*,//')" \
		"\"log\":\"game-00000$g.jsonl\",\"sha256\":\"$(sha256sum "$log" | cut -c1-64)\"}" \
		"play: game $g's finished record gives its log's SHA-256"
done
expect_exit 0 "$REFEREE" verify "$TMP/play"
expect_eq "$(grep -c ': ok: ' "$OUT") $(grep -c FAILED "$OUT")" "3 0" "play: verify of the folder passes"
# Its run.jsonl given is the folder it vouches for, not a game's log.
expect_exit 0 "$REFEREE" verify "$TMP/play/run.jsonl"
expect_eq "$(grep -c ': ok: ' "$OUT") $(grep -c FAILED "$OUT")" "3 0" "play: verify of its run.jsonl checks the folder"

# --- without a key --------------------------------------------------------------------
copy planted
cp "$T/game-000001.jsonl" "$T/game-000004.jsonl"
refused planted "$T/game-000004.jsonl" "not listed in run.jsonl: planted, or left there by another run"
copy missing
rm "$T/game-000002.jsonl"
refused missing "$T/game-000002.jsonl" "missing: run.jsonl lists game 2 as finished"
copy swapped
mv "$T/game-000001.jsonl" "$T/x" && mv "$T/game-000002.jsonl" "$T/game-000001.jsonl" && mv "$T/x" "$T/game-000002.jsonl"
refused swapped "$T/game-000001.jsonl" "altered: its SHA-256 is not the one run.jsonl lists for game 1"
copy unsigned
$LOGTOOL rechain "$TMP/play/run.jsonl" "$T/run.jsonl"
sed -i '$d' "$T/run.jsonl"
refused unsigned "$T/run.jsonl" "not signed: the run was stopped before its end, so the folder is not a whole (each log may still verify alone)"
expect_exit 1 "$REFEREE" verify "$T/run.jsonl"
expect_contains "$OUT" "$T/run.jsonl: FAILED: not signed: the run was stopped" "unsigned: verify of its run.jsonl says so of the folder"

# --- with the key: a re-deal with every trace removed ---------------------------------
# Game 2 dealt again (a game of another run of the same bots in its place)
# and run.jsonl signed again with its SHA-256: its started record still
# names the C the bots were sent first.
expect_exit 0 "$REFEREE" play bolo -o target=1000 --games 2 --out "$TMP/again" "$(cbot a)" "$(cbot b)"
copy redealt
cp "$TMP/again/game-000002.jsonl" "$T/game-000002.jsonl"
$LOGTOOL resign "$TMP/play/run.jsonl" "$T/run.jsonl" "$KEY" \
	sub 6 '"sha256":"[0-9a-f]*"' "\"sha256\":\"$(sha256sum "$T/game-000002.jsonl" | cut -c1-64)\""
refused redealt "$T/game-000002.jsonl" "its commitment C is $(c_of "$T/game-000002.jsonl"), run.jsonl's started record of game 2 names $(c_of "$TMP/play/game-000002.jsonl"): not the deal the run started"
# ... and the started record made to name the new C: the log names
# another run (its header's "place"); signed again naming this one, it
# verifies, but a bot's receipt of the first C is in no log of the folder.
copy resigned
cp "$TMP/again/game-000002.jsonl" "$T/game-000002.jsonl"
RUN_ID=$(head -n 1 "$TMP/play/run.jsonl" | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')
AGAIN_ID=$(head -n 1 "$TMP/again/run.jsonl" | sed 's/.*"id":"\([0-9a-f]*\)".*/\1/')
resigned_list() {
	$LOGTOOL resign "$TMP/play/run.jsonl" "$T/run.jsonl" "$KEY" \
		sub 4 "$(c_of "$TMP/play/game-000002.jsonl")" "$(c_of "$T/game-000002.jsonl")" \
		sub 6 '"sha256":"[0-9a-f]*"' "\"sha256\":\"$(sha256sum "$T/game-000002.jsonl" | cut -c1-64)\""
}
resigned_list
refused resigned "$T/game-000002.jsonl" "names run $AGAIN_ID, not $RUN_ID, the run of run.jsonl: a log of another run"
$LOGTOOL resign "$TMP/again/game-000002.jsonl" "$T/game-000002.jsonl" "$KEY" sub 0 "\"run\":\"$AGAIN_ID\"" "\"run\":\"$RUN_ID\""
resigned_list
expect_exit 0 "$REFEREE" verify "$T"
expect_eq "$(grep -c "$(c_of "$TMP/play/game-000002.jsonl")" "$T/run.jsonl" "$T"/game-*.jsonl | grep -vc ':0$')" 0 \
	"resigned: the whole re-signed folder verifies, and the first C is in none of its files: only a receipt shows it"

# A record out of its order (a started record of game 10^12) is named by
# its line, not taken.
copy misnumbered
$LOGTOOL resign "$TMP/play/run.jsonl" "$T/run.jsonl" "$KEY" sub 4 '"games":\[2\]' '"games":[1000000000000]'
refused misnumbered "$T/run.jsonl" "line 5: a record run.jsonl does not have: a \"started\" record lists the next games, each with its commitment C; a \"finished\" record a game started, its log and its SHA-256; a \"dropped\" record games started"

# --- duplicate sets: one C for the set's games ----------------------------------------
expect_exit 0 "$REFEREE" play bolo -o target=1000 --games 4 --duplicate --out "$TMP/dup" "$(cbot a)" "$(cbot b)"
expect_eq "$(grep '"type":"started"' "$TMP/dup/run.jsonl" | sed 's/.*"type":"started",//')" \
	"\"games\":[1,2],\"commitments\":[\"$(c_of "$TMP/dup/game-000001.jsonl")\",\"$(c_of "$TMP/dup/game-000002.jsonl")\"]}
\"games\":[3,4],\"commitments\":[\"$(c_of "$TMP/dup/game-000003.jsonl")\",\"$(c_of "$TMP/dup/game-000004.jsonl")\"]}" \
	"play --duplicate: a set's started record names its C for each of its games"
expect_eq "$(c_of "$TMP/dup/game-000001.jsonl")" "$(c_of "$TMP/dup/game-000002.jsonl")" "play --duplicate: the games of a set share their C"
expect_exit 0 "$REFEREE" verify "$TMP/dup"

# --- a play whose bots do not start leaves no run.jsonl -------------------------------
expect_exit 2 "$REFEREE" play bolo --out "$TMP/nostart" "$(cbot a)" "b=/nonexistent/bot"
expect_eq "$(ls "$TMP/nostart" | grep -c run.jsonl)" 0 "a play whose bots never started leaves no run.jsonl: the folder can be used again"

# --- the report reads a play folder, and agrees with verify -----------------------------
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"
# report_of DIR: the games the report of DIR lists, its word on the run and
# its problems, from the page's data.
report_of() {
	$HTMLTOOL "$1/report/index.html" data | "$PYTHON3" -c 'import json, sys
d = json.load(sys.stdin)
print(" ".join(g["log"] for g in d["games"]))
print(d["manifest"]["problem"])
for p in d["manifest"].get("run_problems", []): print(p)'
}
expect_exit 0 "$REFEREE" report "$TMP/play"
expect_eq "$(report_of "$TMP/play")" "game-000001.jsonl game-000002.jsonl game-000003.jsonl
run.jsonl: a play or sprt run, every log listed with its commitment C and its SHA-256, nothing else, signed" \
	"report of a play folder: its games, and its run.jsonl checked as verify checks it"
expect_exit 1 "$REFEREE" report "$TMP/planted"
expect_eq "$(cat "$ERR")" "referee report: $TMP/planted is not the whole its run.jsonl lists: 1 problem, as referee verify names it (listed in the report)" \
	"report of a folder with a planted log: exit 1, as verify"
expect_eq "$(report_of "$TMP/planted" | tail -n 2)" "run.jsonl: a play or sprt run whose folder is not the whole its manifest lists, as referee verify says:
game-000004.jsonl: FAILED: not listed in run.jsonl: planted, or left there by another run" \
	"report of a folder with a planted log: the problem in verify's words"

# --- sprt: the same whole; the pairs after the verdict dropped, listed so --------------
expect_exit 0 "$REFEREE" sprt bolo -o target=1000 --elo0 0 --elo1 50 --max-pairs 3 --concurrency 2 \
	--out "$TMP/sprt" "$(cbot a)" "$(cbot b)"
expect_eq "$(grep -c '"type":"started"' "$TMP/sprt/run.jsonl") $(grep -c '"type":"finished"' "$TMP/sprt/run.jsonl") $(tail -n 1 "$TMP/sprt/run.jsonl" | grep -c '"type":"signature"')" \
	"3 6 1" "sprt: 3 pairs started, their 6 games finished, signed"
expect_eq "$(grep -m1 "\"type\":\"started\"" "$TMP/sprt/run.jsonl" | sed 's/.*"type":"started",//')" \
	"\"games\":[1,2],\"commitments\":[\"$(c_of "$TMP/sprt/game-000001.jsonl")\",\"$(c_of "$TMP/sprt/game-000002.jsonl")\"]}" \
	"sprt: a pair's started record names the C of each of its games"
expect_exit 0 "$REFEREE" verify "$TMP/sprt"
expect_exit 0 "$REFEREE" report "$TMP/sprt"
expect_eq "$(report_of "$TMP/sprt" | head -n 1 | wc -w)" 6 "report of a sprt folder: its 6 games"
cp "$TMP/sprt/game-000001.jsonl" "$TMP/sprt/game-000007.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/sprt"
expect_contains "$OUT" "$TMP/sprt/game-000007.jsonl: FAILED: not listed in run.jsonl: planted, or left there by another run" \
	"sprt: a log the manifest does not list fails"

# A verdict after the first pair (error rates of 0.49: bounds of +/-0.04),
# with 3 pairs at once: the pairs started after it are dropped, listed so,
# their logs removed, and a log put back in a dropped game's place fails.
expect_exit 0 "$REFEREE" sprt bolo -o target=1000 --elo0 0 --elo1 50 --alpha 0.49 --beta 0.49 \
	--max-pairs 20 --concurrency 3 --out "$TMP/verdict" "$(cbot a)" "$(cbot b)"
expect_contains "$OUT" "accepted after 1 pairs" "sprt: a verdict after the first pair"
expect_eq "$(grep '"type":"dropped"' "$TMP/verdict/run.jsonl" | sed 's/.*"games":\[\(3,4,5,6\).*/\1/')" "3,4,5,6" \
	"sprt: the pairs started after the one that gave the verdict are listed as dropped, from game 3"
expect_eq "$(cd "$TMP/verdict" && ls game-*.jsonl | tr '\n' ' ')" "game-000001.jsonl game-000002.jsonl " \
	"sprt: the dropped games' logs are removed"
expect_exit 0 "$REFEREE" verify "$TMP/verdict"
cp "$TMP/verdict/game-000001.jsonl" "$TMP/verdict/game-000003.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/verdict"
expect_contains "$OUT" "$TMP/verdict/game-000003.jsonl: FAILED: not listed in run.jsonl: planted, or left there by another run" \
	"sprt: a log in a dropped game's place fails"

done_testing

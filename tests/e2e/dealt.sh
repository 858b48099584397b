#!/bin/bash
# End-to-end: every draw of a game of a set carries "dealt", the set-wide
# count of draws dealt before it (docs/FAIRNESS.md, "Sets in step", item 9), so that "in
# step" reads off the logs: ordered by "dealt", a set's addresses never go
# back, and the counts run without gap.  The property is checked here with
# Python alone on sets of bolo, volle-lotte and Black-Pot played by real
# bots, and `referee verify` refuses each way of breaking it, re-signed.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)
KEY=$KEYDIR/referee.key

# in_step LOG...: "ok" when the draws of the logs, ordered by "dealt", run
# 0, 1, 2, ... and never go back in the order of addresses (item 8, with
# the seat draws counted from the seat of each log's first seat draw).
in_step() {
	"$PYTHON3" - "$@" <<'PY'
import json, sys
draws = []
for path in sys.argv[1:]:
    first = None
    for line in open(path):
        r = json.loads(line)
        if r["type"] != "draw":
            continue
        if "d" in r:
            place = (0, r["d"], 0, 0)
        else:
            first = r["seat"] if first is None else first
            place = (1, r["turn"], (r["seat"] - first) % 8, r["roll"])
        draws.append((r["dealt"], place))
draws.sort()
ok = [d for d, _ in draws] == list(range(len(draws))) and \
    all(a[1] <= b[1] for a, b in zip(draws, draws[1:]))
print("ok" if ok and draws else "no")
PY
}

# pair LOG...: two draws of different logs, "dealt" k and k + 1, at seat
# addresses of different turns or seats: "LOG_A LINE_A K LOG_B LINE_B"
# (lines from 0).
pair() {
	"$PYTHON3" - "$@" <<'PY'
import json, sys
draws = []
for path in sys.argv[1:]:
    for n, line in enumerate(open(path)):
        r = json.loads(line)
        if r["type"] == "draw" and "seat" in r:
            draws.append((r["dealt"], path, n, (r["seat"], r["turn"])))
draws.sort()
for a, b in zip(draws, draws[1:]):
    if b[0] == a[0] + 1 and a[1] != b[1] and a[3] != b[3]:
        print(a[1], a[2], a[0], b[1], b[2])
        break
PY
}

# address LOG LINE: the address of the draw on line LINE (from 0), in words.
address() {
	"$PYTHON3" -c '
import json, sys
r = json.loads(open(sys.argv[1]).readlines()[int(sys.argv[2])])
print("draw %d" % r["d"] if "d" in r else
      "seat %d'"'"'s roll %d of turn %d" % (r["seat"], r["roll"], r["turn"]))' "$1" "$2"
}

# play_set GAME PLAYERS DIR [ARGS...]: one set of GAME, verified.
play_set() {
	local game=$1 players=$2 dir=$3 bots=()
	shift 3
	for _ in $(seq 1 "$players"); do bots+=("$C"); done
	run "$REFEREE" play "$game" "$@" --duplicate --games "$players" --out "$dir" "${bots[@]}"
	expect_eq "$RC" 0 "a set of $game, $players players, is played" || diag_run
	run "$REFEREE" verify "$dir"
	expect_eq "$RC" 0 "... and verifies" || diag_run
	expect_eq "$(in_step "$dir"/game-*.jsonl)" ok \
		"... its draws, ordered by \"dealt\", run without gap and never go back"
}

play_set bolo 3 "$TMP/bolo" -o target=1000
play_set volle-lotte 3 "$TMP/volle" -o target=1000
play_set black-pot 4 "$TMP/pot"
D=$TMP/bolo

# Two draws of two games, dealt one after the other, their "dealt"
# swapped: each log still counts up, but the set goes back.
read -r A LA K B LB <<<"$(pair "$D"/game-*.jsonl)"
mkdir "$TMP/swapped"
cp "$D"/game-*.jsonl "$TMP/swapped/"
$LOGTOOL resign "$A" "$TMP/swapped/${A##*/}" "$KEY" sub "$LA" "\"dealt\":$K}" "\"dealt\":$((K + 1))}"
$LOGTOOL resign "$B" "$TMP/swapped/${B##*/}" "$KEY" sub "$LB" "\"dealt\":$((K + 1))}" "\"dealt\":$K}"
SET=$(grep -o '"set":{"id":"[0-9a-f]*"' "$A" | cut -d'"' -f6)
run "$REFEREE" verify "$TMP/swapped"
expect_eq "$RC" 1 "draws dealt out of step are refused" || diag_run
expect_contains "$OUT" "set $SET: FAILED: out of step: $TMP/swapped/${A##*/} line $((LA + 1)) (\"dealt\": $((K + 1))) is $(address "$A" "$LA"), which comes before $TMP/swapped/${B##*/} line $((LB + 1)) (\"dealt\": $K), $(address "$B" "$LB"): ordered by \"dealt\", a set's addresses never go back" \
	"... naming both draws" || diag_run

# The second of them given the first's count: two draws dealt as one.
mkdir "$TMP/twice"
cp "$D"/game-*.jsonl "$TMP/twice/"
$LOGTOOL resign "$B" "$TMP/twice/${B##*/}" "$KEY" sub "$LB" "\"dealt\":$((K + 1))}" "\"dealt\":$K}"
run "$REFEREE" verify "$TMP/twice"
expect_eq "$RC" 1 "two draws with one \"dealt\" are refused" || diag_run
FIRST=$TMP/twice/${A##*/} SECOND=$TMP/twice/${B##*/}
if [[ $FIRST > $SECOND ]]; then
	read -r FIRST LF SECOND LS <<<"$SECOND $((LB + 1)) $FIRST $((LA + 1))"
else
	LF=$((LA + 1)) LS=$((LB + 1))
fi
expect_contains "$OUT" "set $SET: FAILED: two draws are \"dealt\": $K, $FIRST line $LF and $SECOND line $LS" \
	"... naming both" || diag_run

# The set's last draw counted one further: a gap.
LAST=$(cat "$D"/game-*.jsonl | grep -o '"dealt":[0-9]*' | cut -d: -f2 | sort -n | tail -1)
G=$(grep -l "\"dealt\":$LAST}" "$D"/game-*.jsonl)
LG=$(grep -n "\"dealt\":$LAST}" "$G" | cut -d: -f1)
mkdir "$TMP/gap"
cp "$D"/game-*.jsonl "$TMP/gap/"
$LOGTOOL resign "$G" "$TMP/gap/${G##*/}" "$KEY" sub "$((LG - 1))" "\"dealt\":$LAST}" "\"dealt\":$((LAST + 1))}"
run "$REFEREE" verify "$TMP/gap"
expect_eq "$RC" 1 "a gap in \"dealt\" is refused" || diag_run
expect_contains "$OUT" "set $SET: FAILED: no draw is \"dealt\": $LAST (the next, $TMP/gap/${G##*/} line $LG, is $((LAST + 1))): the count has a gap" \
	"... naming the missing count" || diag_run

# Within one log "dealt" must grow.
mkdir "$TMP/back"
$LOGTOOL resign "$A" "$TMP/back/${A##*/}" "$KEY" sub "$LA" "\"dealt\":$K}" "\"dealt\":0}"
run "$REFEREE" verify "$TMP/back/${A##*/}"
expect_eq "$RC" 1 "a log whose \"dealt\" goes back is refused alone" || diag_run
PREV=$(head -n "$LA" "$A" | grep -o '"dealt":[0-9]*' | tail -1 | cut -d: -f2)
expect_contains "$OUT" "line $((LA + 1)): \"dealt\" is 0 after $PREV: it must grow from draw to draw" \
	"... saying where" || diag_run

# strip IN OUT [EDIT...]: the log without "dealt", signed again, with
# logtool's EDITs.
strip() {
	local in=$1 out=$2
	shift 2
	"$PYTHON3" -c '
import re, sys
data = open(sys.argv[1]).read()
open(sys.argv[2], "w").write(re.sub(r",\"dealt\":[0-9]+}", "}", data))' "$in" "$out"
	$LOGTOOL resign "$out" "$out" "$KEY" "$@"
}
# downgrade IN OUT: the log as revision 4 would have written it: no
# "dealt", and a header without "fairness" from arena 0.5.0.
downgrade() {
	strip "$1" "$2" sub 0 ',"fairness":7' '' sub 0 '"arena [0-9.]*"' '"arena 0.5.0"'
}
FIRST_DRAW=$(grep -n '"type":"draw"' "$A" | head -1 | cut -d: -f1)

# Revision 6 says so in each header, and every draw of a set carries
# "dealt": one stripped of them and signed again is refused alone.
mkdir "$TMP/stripped"
strip "$A" "$TMP/stripped/${A##*/}"
run "$REFEREE" verify "$TMP/stripped/${A##*/}"
expect_eq "$RC" 1 "a log of revision 7 whose draws lost \"dealt\" is refused" || diag_run
expect_contains "$OUT" "$TMP/stripped/${A##*/}: FAILED: line $FIRST_DRAW: a draw without \"dealt\": the header says revision 7 of the scheme, in which every draw of a set carries it" \
	"... saying the header's revision asks for it" || diag_run
$LOGTOOL resign "$A" "$TMP/stripped/nofair.jsonl" "$KEY" sub 0 ',"fairness":7' ''
run "$REFEREE" verify "$TMP/stripped/nofair.jsonl"
expect_eq "$RC" 1 "a header of arena 0.6.0 without \"fairness\" is refused" || diag_run
expect_contains "$OUT" "FAILED: line 1: no \"fairness\": a log of arena 0.6.0 says the revision of the scheme it follows" \
	"... saying the referee's version writes it" || diag_run
$LOGTOOL resign "$A" "$TMP/stripped/fair5.jsonl" "$KEY" sub 0 '"fairness":7' '"fairness":5'
run "$REFEREE" verify "$TMP/stripped/fair5.jsonl"
expect_eq "$RC" 1 "\"fairness\": 5 is refused" || diag_run
expect_contains "$OUT" "FAILED: line 1: \"fairness\" must be 7 (or 6, a log of the revision before), the revision of the scheme this referee writes and reads" \
	"... saying the revision it writes" || diag_run

# One log of the set without "dealt" at all, the others with it.
mkdir "$TMP/half" "$TMP/rev4"
cp "$D"/game-*.jsonl "$TMP/half/"
downgrade "$A" "$TMP/half/${A##*/}"
run "$REFEREE" verify "$TMP/half"
expect_eq "$RC" 1 "a set where one log has no \"dealt\" is refused" || diag_run
WITH=$(ls "$TMP"/half/game-*.jsonl | grep -v "/${A##*/}$" | head -1)
expect_contains "$OUT" "set $SET: FAILED: $WITH numbers its draws with \"dealt\" and $TMP/half/${A##*/} does not (line $FIRST_DRAW)" \
	"... saying which does not" || diag_run
# A set of revision 4, no log with "dealt", verifies as before.
for log in "$D"/game-*.jsonl; do downgrade "$log" "$TMP/rev4/${log##*/}"; done
expect_eq "$(grep -c dealt "$TMP"/rev4/*.jsonl | grep -vc ':0$')" 0 "the logs of revision 4 have no \"dealt\""
run "$REFEREE" verify "$TMP/rev4"
expect_eq "$RC" 0 "... and verify as before" || diag_run
# The same logs in their folder, its run.jsonl (revision 5: each set's C
# listed before it started) given their hashes and signed again: the
# folder's records are of a later revision than its logs, refused.
cp -r "$D" "$TMP/downgraded"
edits=()
for log in "$D"/game-*.jsonl; do
	cp "$TMP/rev4/${log##*/}" "$TMP/downgraded/"
	edits+=(sub "$(grep -n "\"log\":\"${log##*/}\"" "$D/run.jsonl" | cut -d: -f1 | awk '{print $1 - 1}')" \
		"$(sha256sum "$log" | cut -d' ' -f1)" "$(sha256sum "$TMP/rev4/${log##*/}" | cut -d' ' -f1)")
done
$LOGTOOL resign "$D/run.jsonl" "$TMP/downgraded/run.jsonl" "$KEY" "${edits[@]}"
run "$REFEREE" verify "$TMP/downgraded"
expect_eq "$RC" 1 "a folder of revision 5 with its set's logs downgraded is refused" || diag_run
expect_contains "$OUT" "$TMP/downgraded/${A##*/}: FAILED: a game of a set whose draws carry no \"dealt\" (line $FIRST_DRAW), in a folder whose records (run.jsonl) are of revision 5 or later: a log of an earlier revision than its folder" \
	"... saying the folder's records are of a later revision" || diag_run
expect_eq "$(grep -c 'altered\|signature' "$OUT")" 0 "... and nothing else: the hashes and signatures hold"
# A tournament's folder likewise: its manifest (revision 5: each set's C
# in a "started" record) given the downgraded logs' hashes, signed again.
cat >"$TMP/t.json" <<JSON
{"name": "t", "game": "bolo", "options": {"target": 1000}, "players": 2, "games": 2,
 "duplicate": true, "trusted_bots": true,
 "bots": [{"name": "a", "command": "$CBOT"}, {"name": "b", "command": "$CBOT"}]}
JSON
run "$REFEREE" tournament "$TMP/t.json" --no-sandbox --key "$KEY" --out "$TMP/tour"
expect_eq "$RC" 0 "a duplicate tournament of one set is played" || diag_run
cp -r "$TMP/tour" "$TMP/tour-down"
FINISHED=$(grep -n '"type":"finished"' "$TMP/tour/run.jsonl" | head -1 | cut -d: -f1)
edits=()
for log in "$TMP"/tour/games/*.jsonl; do
	downgrade "$log" "$TMP/tour-down/games/${log##*/}"
	edits+=(sub "$((FINISHED - 1))" "$(sha256sum "$log" | cut -d' ' -f1)" \
		"$(sha256sum "$TMP/tour-down/games/${log##*/}" | cut -d' ' -f1)")
done
$LOGTOOL resign "$TMP/tour/run.jsonl" "$TMP/tour-down/run.jsonl" "$KEY" "${edits[@]}"
run "$REFEREE" verify "$TMP/tour-down"
expect_eq "$RC" 1 "a tournament of revision 5 with its set's logs downgraded is refused" || diag_run
expect_contains "$OUT" "$TMP/tour-down/games/000001.jsonl: FAILED: a game of a set whose draws carry no \"dealt\" (line $(grep -n '"type":"draw"' "$TMP/tour/games/000001.jsonl" | head -1 | cut -d: -f1)), in a folder whose records (the manifest) are of revision 5 or later: a log of an earlier revision than its folder" \
	"... saying the manifest is of a later revision" || diag_run

done_testing

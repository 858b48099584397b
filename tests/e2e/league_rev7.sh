#!/usr/bin/env bash
# A league's records that nobody with the folder can rewrite
# (docs/FAIRNESS-LEAGUE.md, revision 7, items 22, 24 to 27), each tamper
# made as an attacker would make it: run.jsonl is signed again after each
# started record, so a run killed with kill -9 leaves its sets started
# signed; the last started record cut (and its seal) and its set's logs
# deleted, the next run refuses to close the run, and with --accept-loss
# lists the set dropped for that reason, which verify counts; a cut log
# emptied fails verify, and so does one whose header (its chain made
# again) seats other files or names another place; a cut set relabelled
# dropped (signed again with the key) fails verify, its reason not one
# verify can check; league.db's
# cut sets emptied are not believed: `league status` makes the index
# again and counts the set cut, and so does the ladder's cut column.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
L=$TMP/league
# A bot that sleeps 100 ms before each move: a set takes seconds, so a
# kill surely finds one in flight.
slow_league 100
# killed RUN: a run started and killed with kill -9 once its first set is
# in play.
killed() {
	"${LEAGUE[@]}" run "$L" --for 300s --concurrency 1 --batch 1 >/dev/null 2>&1 &
	until_logged "$1"
	ok $? "run $1: its first set in play"
	kill_run "league run $L"
	wait
}
# types RUN: the types of run RUN's records, one a line.
types() { sed 's/.*"type":"\([a-z]*\)".*/\1/' "$L/runs/$1/run.jsonl" | tr '\n' ' '; }

# --- item 22: the set started is signed before its bots move ---------------------
killed 000001
expect_eq "$(types 000001)" "run register started signature " \
	"kill -9 mid-set: run.jsonl ends with the set's started record and its seal"
# The attack: the started record and its seal cut, the set's logs deleted.
"${AS[@]}" "$AS_PYTHON3" -c 'import sys
p = sys.argv[1]
lines = open(p, "rb").read().splitlines(True)
open(p, "wb").write(b"".join(lines[:-2]))' "$L/runs/000001/run.jsonl"
"${AS[@]}" rm -f "$L"/runs/000001/game-*.jsonl
expect_exit 2 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1 --batch 1
expect_contains "$ERR" "$L/runs/000001/run.jsonl: the index handed out the sets from game 1 to game 2, which its signed records do not list: cut from them after the run was stopped, and their logs gone; the run is not closed. 'referee league run --accept-loss' closes it, listing them dropped for that reason, which verify counts" \
	"the next run refuses to close a run whose signed records lack a set the index handed out"
expect_eq "$(types 000001)" "run register " "... and leaves run.jsonl as it found it"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1 --batch 1 --accept-loss
expect_eq "$(grep -c '"type":"dropped","games":\[1,2\],"reason":"accept-loss"}' "$L/runs/000001/run.jsonl")" 1 \
	"--accept-loss: the lost set listed dropped, for that reason"
expect_exit 0 "$REFEREE" verify "$L"
expect_contains "$OUT" "; 1 set dropped uncounted, its logs removed (lost, closed with --accept-loss: 1)" \
	"verify passes and counts the set lost"
expect_exit 0 "${LEAGUE[@]}" status "$L"
expect_contains "$OUT" "1 set dropped uncounted, its logs removed (lost, closed with --accept-loss: 1)" \
	"league status counts it too"

# A seal made with another key: the run is not closed.
killed 000003
cp -r "$L" "$TMP/otherkey"
"$REFEREE" keygen "$TMP/k2" >/dev/null 2>&1
"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" resign "$L/runs/000003/run.jsonl" \
	"$TMP/otherkey/runs/000003/run.jsonl" "$TMP/k2/referee.key"
chmod -R a+rwX "$TMP/otherkey"
expect_exit 2 "${LEAGUE[@]}" run "$TMP/otherkey" --games 2 --concurrency 1 --batch 1
expect_contains "$ERR" "$TMP/otherkey/runs/000003/run.jsonl: line 4, the seal of its last set started, does not hold with this league's key (signed by key" \
	"a seal signed with another key: the run is not closed"

# --- item 24: the cut set, closed, counted for each version it seated -----------
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1 --batch 1
expect_eq "$(grep -c '"type":"cut","games":\[1,2\]' "$L/runs/000003/run.jsonl")" 1 \
	"the killed run closed: its set listed cut"
expect_exit 0 "$REFEREE" verify "$L"
want="1 set cut by a stop, its logs kept (run 3: 1; a v1: 1, b v1: 1)"
expect_contains "$OUT" "$want" "verify counts it for each version it seated"

# A cut log emptied.
cut1=runs/000003/aborted/game-000001.jsonl
cp -r "$L" "$TMP/empty"
: >"$TMP/empty/$cut1"
expect_exit 1 "$REFEREE" verify "$TMP/empty"
expect_contains "$OUT" "$TMP/empty/$cut1: FAILED: empty: of revision 7, a cut log holds its header and C, on disk before the exchange (run.jsonl lists it as a log of game 1, cut by a stop)" \
	"a cut log emptied: verify refuses it"
expect_contains "$OUT" "$want" "... the set still counted for each version it seated"

# A cut log cut back to its header: fewer lines than its cut record lists.
held=$("$PYTHON3" -c 'import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "cut":
        print(r["lines"][0])' "$L/runs/000003/run.jsonl")
cp -r "$L" "$TMP/short"
gzip -dcf "$L/$cut1" | head -n 1 >"$TMP/short/$cut1"
expect_exit 1 "$REFEREE" verify "$TMP/short"
expect_contains "$OUT" "$TMP/short/$cut1: FAILED: shorter than its records say: 1 whole lines, where run.jsonl lists it with $held (a log of game 1, cut by a stop)" \
	"a cut log cut back to its header: verify refuses it"

# --- item 26: a cut log held to its place and its set's seats ---------------------
# A cut log is not signed: anyone who can write the folder can edit its
# header and make its chain again.  recut NAME [REGEX REPLACEMENT]...: $L
# copied to $TMP/NAME, game 1's cut log's header so edited, its chain made
# again.
recut() {
	cp -r "$L" "$TMP/$1"
	gzip -dcf "$L/$cut1" 2>/dev/null | "$PYTHON3" -c 'import re, sys
lines = sys.stdin.buffer.read().split(b"\n")[:-1]  # a line cut short left out
for old, new in zip(sys.argv[1::2], sys.argv[2::2]):
    lines[0] = re.sub(old.encode(), new.encode(), lines[0], count=1)
sys.stdout.buffer.write(b"".join(l + b"\n" for l in lines))' "${@:2}" >"$TMP/$1.plain"
	$LOGTOOL rechain "$TMP/$1.plain" "$TMP/$1/$cut1"
}
# Its first seat's bot with another command (and so other files): a cut
# log seats the files found, since a set is cut when a version's files
# change during it; but its bots are the started record's.
recut refiled '(slow\.py [^ ]* )100"' '\g<1>1"'
expect_exit 0 "$REFEREE" verify "$TMP/refiled"
expect_contains "$OUT" "$want" "a cut log whose header seats other files than its started record: the set counted, as one cut when files changed"
# Its first seat another bot than the started record seats.
recut reseated '("players":\[\{"seat":0,"name":")[^"]*"' '\g<1>zed"'
expect_exit 1 "$REFEREE" verify "$TMP/reseated"
expect_contains "$OUT" "$TMP/reseated/$cut1: FAILED: its seat 0 is zed, not a bot its set's started record (run.jsonl) seats with that version's command and files" \
	"a cut log whose header seats another bot than its started record: verify names it"
expect_contains "$OUT" "$want" "... the set still counted for each version its started record seated"
expect_exit 0 "$REFEREE" league ladder "$TMP/reseated" --versions --format csv
expect_eq "$(cut -d, -f2,3,15 "$OUT" | sort)" "a,1,1
b,1,1
bot,version,cut" "... and so by the ladder's cut column, from the signed records"
# Its header another game's, as a log of the set's other game copied in:
# its place, and its game of the set.
recut replaced '("place":\{[^}]*"game":)1\}' '\g<1>2}' '("set":\{[^}]*"game":)0' '\g<1>1'
expect_exit 1 "$REFEREE" verify "$TMP/replaced"
expect_contains "$OUT" "$TMP/replaced/$cut1: FAILED: names game 2 (set 1) of its run, where run.jsonl lists it as game 1: not its place" \
	"a cut log whose header names another game's place: verify names it"
# Its place alone edited: one that does not read, which no check of a
# whole log reads for a cut one.
recut misplaced '("place":\{[^}]*"game":)1\}' '\g<1>2}'
expect_exit 1 "$REFEREE" verify "$TMP/misplaced"
expect_contains "$OUT" "$TMP/misplaced/$cut1: FAILED: \"place\" names game 2 of set 1, which is not its header's game of its set (\"set\")" \
	"a cut log whose place is not its header's game of its set: verify names it"

# --- item 25: a cut set relabelled dropped, signed again with the key -----------
KEY=$(ls "$TMP"/unprivileged-data/arena/referee.key "$KEYDIR/referee.key" 2>/dev/null | head -1)
line=$(grep -n '"type":"cut"' "$L/runs/000003/run.jsonl" | cut -d: -f1)
relabel() {
	cp -r "$L" "$TMP/$1"
	rm -r "$TMP/$1/runs/000003/aborted"
	"$PYTHON3" "$top_srcdir/tests/tools/logtool.py" resign "$L/runs/000003/run.jsonl" \
		"$TMP/$1/runs/000003/run.jsonl" "$KEY" sub cut '"type":"cut".*' "$2"
	expect_exit 1 "$REFEREE" verify "$TMP/$1"
	expect_contains "$OUT" "$TMP/$1/runs/000003/run.jsonl: FAILED: line $line: a dropped record without a reason verify can check: of revision 7 it says why" \
		"$3"
}
relabel nowhy '"type":"dropped","games":[1,2]}' "a cut set relabelled dropped without a reason: refused"
hash_a=$(grep -o '"name":"a","version":1,"hash":"[0-9a-f]*"' "$L/runs/000003/run.jsonl" | head -1 | grep -o '[0-9a-f]\{64\}')
relabel samefiles "\"type\":\"dropped\",\"games\":[1,2],\"reason\":\"files\",\"version\":{\"name\":\"a\",\"version\":1,\"hash\":\"$hash_a\"}}" \
	"... or for files changed whose hash now is the one its set was seated with: refused"

# --- item 27: league.db's cut sets emptied --------------------------------------
"${AS[@]}" "$AS_PYTHON3" -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("DELETE FROM cut")
db.execute("DELETE FROM cut_seats")
db.commit()' "$L/league.db"
expect_exit 0 "${LEAGUE[@]}" status "$L"
expect_contains "$ERR" "$L/league.db does not agree with the league's signed records: the set from game 1 of run 000003, cut by a stop, is listed so in its run.jsonl, not in it as its logs give it" \
	"league status: an index that lost its cut sets is found out"
expect_contains "$OUT" "cut: $want" "... made again, it counts the set cut"
expect_exit 0 "${LEAGUE[@]}" ladder "$L" --versions --format csv
expect_eq "$(cut -d, -f2,3,15 "$OUT" | sort)" "a,1,1
b,1,1
bot,version,cut" "the ladder's cut column: each version's set cut"

done_testing

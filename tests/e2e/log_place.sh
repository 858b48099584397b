#!/bin/bash
# End-to-end: every log of a run names where it belongs, its header's
# "place" (docs/FAIRNESS-LEAGUE.md, item 18; docs/LOGS.md), and `referee verify`
# refuses a log whose league, run or place is not the one its folder's
# records give it: a set copied from another league signed by the same
# key, two logs of a set swapped, a log moved to another run, in a league,
# a tournament and a play folder, each with the records mended and signed
# again with the key (and a league's index made again), so that only the
# place is left to fail.  A lone log says its place; a folder of revision 6
# whose log names none is refused.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

KEY=$KEYDIR/referee.key   # the default key: every league, play and tournament here signs with it
for b in a b; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
done
bot() { echo "$TMP/$1/bot $TMP"; }

sha() { sha256sum "$1" | cut -d' ' -f1; }
# first FILE KEY...: a member of the first record of FILE (a log, gzip or
# not, or a run.jsonl), by its path of keys.
first() {
	"$PYTHON3" -c '
import gzip, json, sys
with open(sys.argv[1], "rb") as f:
    data = f.read()
if data[:2] == b"\x1f\x8b":
    data = gzip.decompress(data)
r = json.loads(data.split(b"\n")[0])
for k in sys.argv[2:]:
    r = r[k]
print(r)' "$@"
}
# line_of FILE TEXT: the line (from 0) of FILE holding TEXT, as logtool counts.
line_of() { echo $(($(grep -nF -e "$2" "$1" | head -1 | cut -d: -f1) - 1)); }
# C FOLDER GAME: the commitment C of game GAME of a play or league run's folder.
C() { zcat -f "$(printf '%s/game-%06d.jsonl' "$1" "$2")" | grep -m1 '"type":"commit"' |
	sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/'; }
# relist RUN EDIT...: the folder RUN's run.jsonl edited (logtool's EDITs)
# and signed again with the key; a case of its own, so that an edit that
# finds nothing to change fails here, not silently as a tamper left out.
relist() {
	local run=$1
	shift
	$LOGTOOL resign "$run/run.jsonl" "$run/run.jsonl" "$KEY" "$@"
	ok "$?" "${run#"$TMP"/}/run.jsonl edited and signed again"
}
# rehash RUN GAME OLD: run.jsonl's finished record of game GAME given the
# hash of the log there now, in place of OLD's (an EDIT).
rehash() {
	echo sub "$(line_of "$1/run.jsonl" "$(printf '"log":"game-%06d.jsonl"' "$2")")" "$3" \
		"$(sha "$(printf '%s/game-%06d.jsonl' "$1" "$2")")"
}

# failed_lines N DESCRIPTION: the last run printed N lines of failure.
failed_lines() { expect_eq "$(grep -c ': FAILED: ' "$OUT")" "$1" "$2" || diag_run; }

# --- two leagues, one key ----------------------------------------------------------
# A: run 1 of two sets, run 2 of one; B: one set.  The same bots, added
# by the same commands: the same versions.
for l in A B; do
	expect_exit 0 "$REFEREE" league init "$TMP/$l" --game bolo -o target=1000
	for b in a b; do
		"$REFEREE" league add "$TMP/$l" "$b" $(bot "$b") >/dev/null
	done
done
expect_exit 0 "$REFEREE" league run "$TMP/A" --games 4 --concurrency 1
expect_exit 0 "$REFEREE" league run "$TMP/A" --games 2 --concurrency 1
expect_exit 0 "$REFEREE" league run "$TMP/B" --games 2 --concurrency 1
A1=$TMP/A/runs/000001
LA=$(first "$TMP/A/league.json" id)
LB=$(first "$TMP/B/league.json" id)
RA1=$(first "$A1/run.jsonl" id)
expect_eq "$(first "$A1/game-000003.jsonl" place)" \
	"{'league': '$LA', 'run': '$RA1', 'run_number': 1, 'set': 2, 'game': 3}" \
	"a league's log names its league, its run's id and number, its set and its game"
expect_eq "$(first "$A1/run.jsonl" league) $(first "$A1/run.jsonl" run_number) $(first "$A1/run.jsonl" fairness)" \
	"$LA 1 7" "... and its run.jsonl the league, the run's number and the revision"
run "$REFEREE" verify "$A1/game-000003.jsonl"
expect_contains "$OUT" "$A1/game-000003.jsonl: ok: bolo, 2 players" "a lone log verifies..." || diag_run
expect_contains "$OUT" "; game 0 of 2 of set $(first "$A1/game-000003.jsonl" set id); place: game 3 (set 2) of run 1 ($RA1) of league $LA" \
	"... saying its place" || diag_run
run "$REFEREE" verify "$TMP/A"
expect_eq "$RC" 0 "the league verifies as it was played" || diag_run
# A place that its header's set contradicts, or of the wrong form, fails
# the log alone (signed again: only the place is wrong).
zcat -f "$A1/game-000003.jsonl" >"$TMP/plain.jsonl"
$LOGTOOL resign "$TMP/plain.jsonl" "$TMP/set3.jsonl" "$KEY" sub 0 '"set":2,' '"set":3,'
run "$REFEREE" verify "$TMP/set3.jsonl"
expect_eq "$RC $(cat "$OUT")" "1 $TMP/set3.jsonl: FAILED: line 1: \"place\" names game 3 of set 3, which is not its header's game of its set (\"set\")" \
	"a log whose place is not its set's fails alone" || diag_run
$LOGTOOL resign "$TMP/plain.jsonl" "$TMP/game0.jsonl" "$KEY" sub 0 '"game":3\}' '"game":0}'
run "$REFEREE" verify "$TMP/game0.jsonl"
expect_contains "$OUT" "$TMP/game0.jsonl: FAILED: line 1: \"place\" must be {\"run\": 16 bytes of lowercase hex, \"game\": its number from 1}" \
	"... and one of the wrong form" || diag_run

# (a) B's set copied into A's run 1 as its second set, listed in its
# run.jsonl (its C, the logs' hashes) and signed again, the index made
# again: the logs name league B.
cp -r "$TMP/A" "$TMP/copied"
R=$TMP/copied/runs/000001
CA=$(C "$R" 3)
CB=$(C "$TMP/B/runs/000001" 1)
for k in 1 2; do
	cp "$TMP/B/runs/000001/game-00000$k.jsonl" "$R/game-00000$((k + 2)).jsonl"
done
S=$(line_of "$R/run.jsonl" '"games":[3,4]') # the second set's started record
relist "$R" sub "$S" "$CA" "$CB" sub "$S" "$CA" "$CB" \
	$(rehash "$R" 3 "$(sha "$A1/game-000003.jsonl")") $(rehash "$R" 4 "$(sha "$A1/game-000004.jsonl")")
expect_exit 0 "$REFEREE" league rebuild "$TMP/copied"
run "$REFEREE" verify "$TMP/copied"
expect_eq "$RC" 1 "a set copied from another league signed by the same key is refused" || diag_run
for k in 3 4; do
	expect_contains "$OUT" "$R/game-00000$k.jsonl: FAILED: names league $LB, not this league's $LA: a log of another league" \
		"... its game $k naming its league" || diag_run
done
failed_lines 3 "... and nothing else but the league's line: the hashes, signatures, commitments and index hold"
expect_contains "$OUT" "$TMP/copied: FAILED: a league of bolo, 2 runs, 6 logs in 3 sets: 2 failures, each on a line above" \
	"... which counts them" || diag_run

# (b) The two logs of A's first set swapped, their hashes in run.jsonl
# too, signed again, the index made again: each names the other's game.
cp -r "$TMP/A" "$TMP/swapped"
R=$TMP/swapped/runs/000001
mv "$R/game-000001.jsonl" "$R/x"
mv "$R/game-000002.jsonl" "$R/game-000001.jsonl"
mv "$R/x" "$R/game-000002.jsonl"
relist "$R" $(rehash "$R" 1 "$(sha "$A1/game-000001.jsonl")") $(rehash "$R" 2 "$(sha "$A1/game-000002.jsonl")")
expect_exit 0 "$REFEREE" league rebuild "$TMP/swapped"
run "$REFEREE" verify "$TMP/swapped"
expect_eq "$RC" 1 "two logs of a league's set swapped, relisted and signed again, are refused" || diag_run
expect_contains "$OUT" "$R/game-000001.jsonl: FAILED: names game 2 (set 1) of its run, where run.jsonl lists it as game 1: not its place" \
	"... the first naming its place" || diag_run
expect_contains "$OUT" "$R/game-000002.jsonl: FAILED: names game 1 (set 1) of its run, where run.jsonl lists it as game 2: not its place" \
	"... and the second" || diag_run
failed_lines 3 "... and nothing else but the league's line"

# (d) Run 1's first set moved into run 2 in place of its own (run 1 gone),
# relisted and signed again: its logs name run 1.
cp -r "$TMP/A" "$TMP/moved"
R=$TMP/moved/runs/000002
A2=$TMP/A/runs/000002
for k in 1 2; do
	mv "$TMP/moved/runs/000001/game-00000$k.jsonl" "$R/"
done
rm -r "$TMP/moved/runs/000001"
relist "$R" sub started "$(C "$A2" 1)" "$(C "$A1" 1)" sub started "$(C "$A2" 1)" "$(C "$A1" 1)" \
	$(rehash "$R" 1 "$(sha "$A2/game-000001.jsonl")") $(rehash "$R" 2 "$(sha "$A2/game-000002.jsonl")")
expect_exit 0 "$REFEREE" league rebuild "$TMP/moved"
run "$REFEREE" verify "$TMP/moved"
expect_eq "$RC" 1 "a set moved from run 1 to run 2, relisted and signed again, is refused" || diag_run
expect_contains "$OUT" "$R/game-000001.jsonl: FAILED: names run 1 of its league, where run.jsonl is run 2's: a log of another run" \
	"... naming the run" || diag_run
failed_lines 3 "... in both its logs, and nothing else but the league's line"
# The whole of run 1 moved in place of run 2: its run.jsonl names run 1.
cp -r "$TMP/A" "$TMP/renamed"
rm -r "$TMP/renamed/runs/000002"
mv "$TMP/renamed/runs/000001" "$TMP/renamed/runs/000002"
expect_exit 0 "$REFEREE" league rebuild "$TMP/renamed"
run "$REFEREE" verify "$TMP/renamed"
expect_eq "$RC" 1 "a run moved into another run's folder is refused" || diag_run
expect_contains "$OUT" "$TMP/renamed/runs/000002/run.jsonl: FAILED: names run 1, where it is run 2 of the league: moved from another run" \
	"... its run.jsonl naming its number" || diag_run
failed_lines 2 "... and nothing else but the league's line"
# Run 2's run.jsonl stripped of its number, signed again: of an earlier
# revision than its league, and its logs name a league's run.
cp -r "$TMP/A" "$TMP/unnumbered"
relist "$TMP/unnumbered/runs/000002" sub 0 ',"run_number":2' ''
run "$REFEREE" verify "$TMP/unnumbered"
expect_eq "$RC" 1 "a league's run.jsonl that names no run is refused" || diag_run
expect_contains "$OUT" "$TMP/unnumbered/runs/000002/run.jsonl: FAILED: names no run, where it is run 2 of the league: a run.jsonl of an earlier revision than its league" \
	"... saying so" || diag_run
expect_contains "$OUT" "$TMP/unnumbered/runs/000002/game-000001.jsonl: FAILED: names run 2 of a league, in a run that is not a league's: a log of another folder" \
	"... and its logs naming their run" || diag_run
# B's whole run copied into A in place of A's run 2: its run.jsonl names league B.
cp -r "$TMP/A" "$TMP/foreign"
rm -r "$TMP/foreign/runs/000002"
cp -r "$TMP/B/runs/000001" "$TMP/foreign/runs/000002"
expect_exit 0 "$REFEREE" league rebuild "$TMP/foreign"
run "$REFEREE" verify "$TMP/foreign"
expect_eq "$RC" 1 "another league's run copied into a league is refused" || diag_run
expect_contains "$OUT" "$TMP/foreign/runs/000002/run.jsonl: FAILED: names league $LB, not this league's $LA: a run of another league" \
	"... its run.jsonl naming its league" || diag_run
expect_contains "$OUT" "$TMP/foreign/runs/000002/run.jsonl: FAILED: the run began under register.jsonl line 6, which the register no longer has as it was: lines were cut from its end, or changed" \
	"... and a state of the register that is not this league's" || diag_run
failed_lines 3 "... and nothing else but the league's line"

# --- a tournament ------------------------------------------------------------------
# (c) One duplicate set of two games; its logs swapped, the manifest's
# finished entries renumbered with them, signed again.
cat >"$TMP/t.json" <<JSON
{"name": "t", "game": "bolo", "options": {"target": 1000}, "players": 2, "games": 2,
 "duplicate": true, "trusted_bots": true,
 "bots": [{"name": "a", "command": "$CBOT"}, {"name": "b", "command": "$CBOT"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$TMP/tour"
TID=$(first "$TMP/tour/run.jsonl" id)
expect_eq "$(first "$TMP/tour/games/000002.jsonl" place)" "{'run': '$TID', 'game': 2}" \
	"a tournament's log names its run (the manifest's id) and its game"
cp -r "$TMP/tour" "$TMP/tour-swapped"
G=$TMP/tour-swapped/games
mv "$G/000001.jsonl" "$G/x"
mv "$G/000002.jsonl" "$G/000001.jsonl"
mv "$G/x" "$G/000002.jsonl"
FINISHED=$(line_of "$TMP/tour/run.jsonl" '"type":"finished"')
$LOGTOOL resign "$TMP/tour/run.jsonl" "$TMP/tour-swapped/run.jsonl" "$KEY" \
	sub "$FINISHED" '\{"game":1,' '{"game":0,' sub "$FINISHED" '\{"game":2,' '{"game":1,' \
	sub "$FINISHED" '\{"game":0,' '{"game":2,'
run "$REFEREE" verify "$TMP/tour-swapped"
expect_eq "$RC" 1 "a tournament's two logs swapped, renumbered in the manifest and signed again, are refused" || diag_run
expect_contains "$OUT" "$G/000001.jsonl: FAILED: names game 2 of its run, where the manifest lists it as game 1: not its place" \
	"... naming the place" || diag_run
failed_lines 2 "... and the other, and nothing else"
# A log stripped of its place and revision, its hash in the manifest,
# signed again: the manifest is of revision 6.
expect_eq "$(first "$TMP/tour/run.jsonl" fairness)" 7 "a tournament's manifest says its revision"
cp -r "$TMP/tour" "$TMP/tour-stripped"
G=$TMP/tour-stripped/games
$LOGTOOL resign "$TMP/tour/games/000001.jsonl" "$G/000001.jsonl" "$KEY" \
	sub 0 ',"place":\{[^}]*\}' '' sub 0 ',"fairness":7' '' sub 0 '"arena [0-9.]*"' '"arena 0.5.0"'
$LOGTOOL resign "$TMP/tour/run.jsonl" "$TMP/tour-stripped/run.jsonl" "$KEY" \
	sub "$FINISHED" "$(sha "$TMP/tour/games/000001.jsonl")" "$(sha "$G/000001.jsonl")"
run "$REFEREE" verify "$TMP/tour-stripped"
expect_eq "$RC" 1 "a tournament's log stripped of its place and revision, relisted and signed again, is refused" || diag_run
expect_contains "$OUT" "$G/000001.jsonl: FAILED: names no place (its header's \"place\"), in a folder where the manifest is of revision 6 or later: a log of an earlier revision than its folder, or of no run" \
	"... saying the manifest is of a later revision" || diag_run
failed_lines 1 "... and nothing else"

# --- a play folder -----------------------------------------------------------------
# (c) One set of two games: its logs swapped, relisted, signed again.
expect_exit 0 "$REFEREE" play bolo -o target=1000 --duplicate --games 2 --no-sandbox --trusted-bots \
	--out "$TMP/play" "$CBOT" "$CBOT"
PID=$(first "$TMP/play/run.jsonl" id)
expect_eq "$(first "$TMP/play/game-000001.jsonl" place)" "{'run': '$PID', 'game': 1}" \
	"a play folder's log names its run (run.jsonl's id) and its game"
cp -r "$TMP/play" "$TMP/play-swapped"
P=$TMP/play-swapped
mv "$P/game-000001.jsonl" "$P/x"
mv "$P/game-000002.jsonl" "$P/game-000001.jsonl"
mv "$P/x" "$P/game-000002.jsonl"
relist "$P" $(rehash "$P" 1 "$(sha "$TMP/play/game-000001.jsonl")") \
	$(rehash "$P" 2 "$(sha "$TMP/play/game-000002.jsonl")")
run "$REFEREE" verify "$P"
expect_eq "$RC" 1 "a play folder's two logs swapped, relisted and signed again, are refused" || diag_run
expect_contains "$OUT" "$P/game-000002.jsonl: FAILED: names game 1 of its run, where run.jsonl lists it as game 2: not its place" \
	"... naming the place" || diag_run
failed_lines 2 "... the other too, and nothing else"
# Another play folder's set (the same key) in its place: another run.
expect_exit 0 "$REFEREE" play bolo -o target=1000 --duplicate --games 2 --no-sandbox --trusted-bots \
	--out "$TMP/play2" "$CBOT" "$CBOT"
cp -r "$TMP/play" "$TMP/play-copied"
P=$TMP/play-copied
cp "$TMP"/play2/game-*.jsonl "$P/"
relist "$P" sub started "$(C "$TMP/play" 1)" "$(C "$TMP/play2" 1)" sub started "$(C "$TMP/play" 1)" "$(C "$TMP/play2" 1)" \
	$(rehash "$P" 1 "$(sha "$TMP/play/game-000001.jsonl")") $(rehash "$P" 2 "$(sha "$TMP/play/game-000002.jsonl")")
run "$REFEREE" verify "$P"
expect_eq "$RC" 1 "another play folder's set, relisted and signed again, is refused" || diag_run
expect_contains "$OUT" "$P/game-000001.jsonl: FAILED: names run $(first "$TMP/play2/run.jsonl" id), not $PID, the run of run.jsonl: a log of another run" \
	"... naming the run" || diag_run
failed_lines 2 "... the other too, and nothing else"
# A log of the folder stripped of its place and of its revision (as
# arena 0.5.0 wrote it), relisted and signed again: the folder's
# run.jsonl is of revision 6.
cp -r "$TMP/play" "$TMP/play-stripped"
P=$TMP/play-stripped
$LOGTOOL resign "$TMP/play/game-000001.jsonl" "$P/game-000001.jsonl" "$KEY" \
	sub 0 ',"place":\{[^}]*\}' '' sub 0 ',"fairness":7' '' sub 0 '"arena [0-9.]*"' '"arena 0.5.0"'
run "$REFEREE" verify "$P/game-000001.jsonl"
expect_eq "$RC" 0 "a log stripped of its place and revision verifies alone" || diag_run
relist "$P" $(rehash "$P" 1 "$(sha "$TMP/play/game-000001.jsonl")")
run "$REFEREE" verify "$P"
expect_eq "$RC" 1 "... but not in a folder of revision 6" || diag_run
expect_contains "$OUT" "$P/game-000001.jsonl: FAILED: names no place (its header's \"place\"), in a folder where run.jsonl is of revision 6 or later: a log of an earlier revision than its folder, or of no run" \
	"... saying the folder is of a later revision" || diag_run
failed_lines 1 "... and nothing else"

done_testing

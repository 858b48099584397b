#!/bin/bash
# End-to-end: nothing dealt twice in silence.  A tournament cut by kill -9
# in the middle of a game (plain) or of a duplicate set, then resumed: the
# resumed run says it sets the cut game's log aside, or (one line) that it
# deals the whole set again; and `referee verify` and `referee ladder` of
# the folder (table, crosstable and json) and its report say how many
# games and sets were cut and dealt again, from the manifest's "aborted"
# records (docs/TOURNAMENTS.md, "Cut and dealt again").
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"

# write_file FILE DUPLICATE: 3 bots, 2-player bolo to 1000, 4 games a
# table, "duplicate": DUPLICATE; the bot c slow (50 ms a turn), so that a
# game it plays is still under way when the kill comes.
write_file() {
	cat >"$1" <<JSON
{
  "name": "cut",
  "game": "bolo",
  "options": {"target": 1000},
  "players": 2,
  "games": 4,
  "duplicate": $2,
  "bots": [
    {"name": "a", "command": "$CBOT '$TMP' a"},
    {"name": "b", "command": "$CBOT '$TMP' b"},
    {"name": "c", "command": "$(zoo slow 50)"}
  ]
}
JSON
}

# cut_and_resume NAME DUPLICATE ASIDE LINE: the run of $TMP/NAME.json into
# $TMP/NAME, killed (-9) once game 6 (table a-c's second game, the second
# of its first set) has begun and its log holds its commitment, then resumed: it sets aside the logs ASIDE
# (in games/aborted/) and says LINE, its only line about the stop.
cut_and_resume() {
	local pid
	write_file "$TMP/$1.json" "$2"
	"$REFEREE" tournament "$TMP/$1.json" --out "$TMP/$1" --concurrency 1 \
		>"$TMP/$1.out" 2>&1 </dev/null &
	pid=$!
	for _ in $(seq 400); do
		grep -qs '"type":"commit"' "$TMP/$1/games/000006.jsonl" && break
		sleep 0.05
	done
	kill -9 "$pid"
	wait "$pid" 2>/dev/null
	expect_eq "$?" 137 "$1: kill -9 with game 6 under way stops the run"
	assert_no_leftovers "$1: kill -9: no worker or bot is left"
	expect_exit 0 "$REFEREE" tournament "$TMP/$1.json" --out "$TMP/$1" --resume --concurrency 2
	expect_eq "$(grep 'cut by the stop' "$ERR")" "$TMP/$1: $4" "$1: --resume says: $4"
	expect_eq "$(cd "$TMP/$1/games/aborted" && ls | tr '\n' ' ')" "$3" "$1: the logs set aside: $3"
	expect_eq "$(finished_games "$TMP/$1/run.jsonl" | sort -n | uniq | wc -l)" 12 \
		"$1: --resume finishes every game once"
}

# says NAME SENTENCE: verify, ladder and the report of $TMP/NAME each say
# SENTENCE (json: the counts GAMES SETS LOGS).
says() {
	local dir=$TMP/$1 sentence=$2 counts=$3
	expect_exit 0 "$REFEREE" verify "$dir"
	expect_eq "$(cat "$OUT")" "$dir: ok: a tournament of bolo, 12 games finished, every log there and verified, nothing else; signed by key $(cat "$dir/referee.pub" | head -c 64), checked against your own key ($KEYDIR/referee.pub)
$dir: $sentence" "$1: verify of the folder says what was cut and dealt again, after its verdict"
	expect_exit 0 "$REFEREE" ladder "$dir"
	expect_eq "$(tail -n 1 "$OUT")" "$sentence" "$1: the ladder says so last"
	expect_exit 0 "$REFEREE" ladder --format crosstable "$dir"
	expect_eq "$(tail -n 2 "$OUT")" "
$sentence" "$1: the crosstable too"
	expect_exit 0 "$REFEREE" ladder --format json "$dir"
	expect_eq "$("$PYTHON3" -c 'import json, sys; c = json.load(sys.stdin)["cut"]; print(c["games"], c["sets"], c["logs"])' <"$OUT")" \
		"$counts" "$1: ladder json: \"cut\": games, sets, logs"
	expect_exit 0 "$REFEREE" report "$dir"
	expect_eq "$($HTMLTOOL "$dir/report/index.html" data | "$PYTHON3" -c 'import json, sys
m = json.load(sys.stdin)["manifest"]
print(m["cut_games"], m["cut_sets"], m["aborted"])
print(m["cut"])')" "$counts
$sentence" "$1: the report's data has the counts and the sentence"
	if [ -n "$BROWSER" ]; then
		dump_dom "file://$dir/report/index.html" "$TMP/$1.dom"
		expect_eq "$($HTMLTOOL "$TMP/$1.dom" text li id=cut)" "$sentence" \
			"$1: the report's page shows it"
	else
		ok 0 "$1: the report's page shows it # SKIP chromium is not installed"
	fi
}

# --- a duplicate set cut: --resume deals it again whole, in one line -------------------
cut_and_resume dup true "000005.aborted-1.jsonl 000006.aborted-1.jsonl " \
	"the duplicate set of games 5 to 6 was cut by the stop: its logs are set aside as games/aborted/000005.aborted-1.jsonl and games/aborted/000006.aborted-1.jsonl, and the whole set is dealt again"
says dup "cut by a stop and dealt again: 2 games, 1 duplicate set (2 logs set aside in games/aborted/, listed by the manifest)" "2 1 2"

# --- a plain game cut -------------------------------------------------------------------
cut_and_resume plain false "000006.aborted-1.jsonl " \
	"game 6 was cut by the stop: its log is set aside as games/aborted/000006.aborted-1.jsonl, and the game is played again"
says plain "cut by a stop and dealt again: 1 game (1 log set aside in games/aborted/, listed by the manifest)" "1 0 1"

# --- the cut logs are part of the signed whole (docs/FAIRNESS.md, revision 5) ----------
# tamper NAME: a copy of the plain run's folder as $TMP/NAME, to tamper with.
tamper() {
	cp -r "$TMP/plain" "$TMP/$1"
	T=$TMP/$1
	CUT=$T/games/aborted/000006.aborted-1.jsonl
}
# refused NAME PATH WHY [LISTED]: verify of $TMP/NAME fails with the line
# "PATH: FAILED: WHY", and says that logs were set aside, listed by the
# manifest, LISTED times (default 0: not when a listed one is not there).
refused() {
	expect_exit 1 "$REFEREE" verify "$TMP/$1"
	expect_contains "$OUT" "$2: FAILED: $3" "$1: verify says: ${2#"$TMP/"}: $3" || diag_run
	expect_eq "$(grep -c 'listed by the manifest' "$OUT")" "${4:-0}" \
		"$1: ... and that logs set aside are listed by the manifest ${4:-0} times"
}
LISTED_C=$(grep '"type":"aborted","game":6,' "$TMP/plain/run.jsonl" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/')
expect_eq "$LISTED_C" "$(grep -m1 '"type":"commit"' "$TMP/plain/games/aborted/000006.aborted-1.jsonl" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/')" \
	"the aborted record names the cut log's commitment C"

tamper gone
rm -r "$T/games/aborted"
refused gone "$CUT" "missing: the manifest lists it as a log of game 6, cut by a stop and set aside"
run "$REFEREE" ladder "$T"
expect_eq "$(tail -n 1 "$OUT")" "cut by a stop and dealt again: 1 game, but 1 of the 1 log the manifest lists as set aside is not in the folder: referee verify names them" \
	"gone: the ladder says the listed log is not there, never that it is" || diag_run

tamper planted
cp "$CUT" "$T/games/aborted/000003.aborted-1.jsonl"
refused planted "$T/games/aborted/000003.aborted-1.jsonl" "not listed in the manifest: planted, or left there by another run" 1

tamper unrecorded
$LOGTOOL resign "$TMP/plain/run.jsonl" "$T/run.jsonl" "$KEYDIR/referee.key" drop aborted
expect_eq "$(grep -c '"type":"aborted","game":6,' "$T/run.jsonl")" 0 "unrecorded: the aborted record is gone, the manifest signed again"
refused unrecorded "$CUT" "not listed in the manifest: planted, or left there by another run"

tamper swapped
cp "$T/games/000006.jsonl" "$CUT"
refused swapped "$CUT" "its commitment C is $(grep -m1 '"type":"commit"' "$T/games/000006.jsonl" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/'), the manifest lists game 6's cut log with $LISTED_C: not the deal the run cut"

# --- a re-deal with every trace removed (revision 5): the started records name each C ----
C1=$LISTED_C
C2=$(grep -m1 '"type":"commit"' "$TMP/plain/games/000006.jsonl" | sed 's/.*"commitment":"\([0-9a-f]*\)".*/\1/')
expect_eq "$(grep '"type":"started"' "$TMP/plain/run.jsonl" | grep -c "\"$C1\"")" 1 \
	"the first run's started record names game 6's first deal, C1"
expect_eq "$(grep '"type":"started"' "$TMP/plain/run.jsonl" | grep -c "\"$C2\"")" 1 \
	"the resumed run's started record names its deal again, C2"
expect_eq "$(grep -c '"type":"aborted","game":[78],"commitment":"[0-9a-f]*"}' "$TMP/plain/run.jsonl")" 2 \
	"games 7 and 8, which the cut table's started record listed but which never began, are listed with their C and no log"
expect_exit 0 "$REFEREE" verify "$TMP/plain"
# The line of the started record naming C (counted from 0).
started_line() {
	grep -n "\"type\":\"started\".*\"$1\"" "$TMP/plain/run.jsonl" | cut -d: -f1 | awk '{print $1 - 1}'
}

# The cut log and its aborted record removed, the manifest signed again
# with the key: the first run's started record still names C1.
tamper redealt
rm -r "$T/games/aborted"
$LOGTOOL resign "$TMP/plain/run.jsonl" "$T/run.jsonl" "$KEYDIR/referee.key" drop aborted
refused redealt "$T/run.jsonl" "game 6 was started with the commitment C $C1, but no log of the folder has it: neither the game's log nor a cut log the manifest lists (an \"aborted\" record): a deal dropped"

# ... and the resumed run's started record made to name C1 again: game
# 6's log is then of another deal than the one its started records name.
tamper redealt_other
rm -r "$T/games/aborted"
$LOGTOOL resign "$TMP/plain/run.jsonl" "$T/run.jsonl" "$KEYDIR/referee.key" \
	sub "$(started_line "$C2")" "$C2" "$C1" drop aborted
expect_eq "$(grep -c "\"$C2\"" "$T/run.jsonl")" 0 "redealt_other: no started record names C2 any more"
refused redealt_other "$T/games/000006.jsonl" "its commitment C is $C2, the manifest's started record of game 6 names $C1: not the deal the run started"

# A folder of revision 4 (arena 0.5.0 and earlier: started records without
# commitments) verifies as before.
FIXTURE=$top_srcdir/tests/fixtures/report-run
expect_eq "$(grep -c '"type":"started"' "$FIXTURE/manifest.jsonl") $(grep -c '"commitments"' "$FIXTURE/manifest.jsonl")" "3 0" \
	"the fixture's manifest is of revision 4: its started record names no commitment"
expect_exit 0 "$REFEREE" verify "$FIXTURE"
# ... and, a folder of an earlier version (manifest.jsonl, no run.jsonl),
# is rated and reported from its manifest as before.
expect_eq "$(ls "$FIXTURE" | grep -c '^run.jsonl$')" 0 "the fixture is a folder of an earlier version"
expect_exit 0 "$REFEREE" ladder "$FIXTURE"
expect_contains "$OUT" "6 games; signed by key" "the ladder rates the fixture from its manifest.jsonl"
expect_exit 0 "$REFEREE" report "$FIXTURE" -o "$TMP/fixture-report"
expect_eq "$(cat "$ERR")" "" "the report reads the fixture without a problem"

tamper broken
$LOGTOOL byte "$TMP/plain/games/aborted/000006.aborted-1.jsonl" "$CUT" 2
refused broken "$CUT" "broken: line 3: \"prev\" is not the hash of line 2: a line was changed, removed or reordered (the manifest lists it as a log of game 6, cut by a stop)"

done_testing

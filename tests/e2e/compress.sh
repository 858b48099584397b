#!/bin/bash
# End-to-end: lean runs (docs/LOGS.md, "Compressed logs").  A tournament
# with "compress": true or --compress writes every game's log as gzip
# members under its usual name; gzip -dc reads it as the plain log; the
# same seeded run written plain and compressed gives the same games and
# the same ladder; verify (a folder and a log), replay, report and
# --resume after kill -9 read compressed logs; a compressed log that is
# cut or changed fails verify as a plain one does; `play --compress`.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"

# write_file FILE EXTRA [THIRD]: 3 deterministic rolit bots, 4 games a table.
write_file() {
	cat >"$1" <<JSON
{
  "name": "lean",
  "game": "rolit",
  "options": {"first": "seat0"},
  "players": 2,
  "games": 4,
  "seed": "0123",${2}
  "bots": [
    {"name": "first", "command": "$(zoo first-legal)"},
    {"name": "last", "command": "$(zoo last-legal)"},
    {"name": "third", "command": "${3:-$(zoo first-legal)}"}
  ]
}
JSON
}

# actions LOG: the moves of a log, plain or compressed, on one line.
actions() {
	gzip -dcf "$1" | grep -o '"action":"[A-H][0-9]"' | cut -d'"' -f4 | tr '\n' ' '
}

write_file "$TMP/plain.json" ""
write_file "$TMP/lean.json" ' "compress": true,'
expect_exit 0 "$REFEREE" tournament "$TMP/plain.json" --out "$TMP/plain" --concurrency 2 --quiet
sed '/^$/q' "$OUT" >"$TMP/plain.ladder"
expect_exit 0 "$REFEREE" tournament "$TMP/lean.json" --out "$TMP/lean" --concurrency 2 --quiet
expect_eq "$(sed '/^$/q' "$OUT")" "$(cat "$TMP/plain.ladder")" \
	"the compressed run prints the ratings of the plain one"
LOG="$TMP/lean/games/000001.jsonl"
expect_eq "$(head -c 2 "$LOG" | od -An -tx1 | tr -d ' ')" 1f8b "a compressed log keeps its name and starts with gzip's magic"
expect_eq "$(gzip -dc "$LOG" | head -n 1 | cut -c 1-30)" '{"seq":0,"type":"header","form' \
	"gzip -dc reads it as the plain log"
expect_eq "$(gzip -dc "$LOG" | tail -n 1 | grep -c '"type":"signature"')" 1 "... down to its signature"
same=0
for log in "$TMP"/plain/games/*.jsonl; do
	[ "$(actions "$log")" = "$(actions "$TMP/lean/games/$(basename "$log")")" ] || same=1
done
ok $same "every game of the compressed run has the moves of the plain run's"
plain=$(cat "$TMP"/plain/games/*.jsonl | wc -c)
lean=$(cat "$TMP"/lean/games/*.jsonl | wc -c)
expect_lt "$((lean * 2))" "$plain" "the compressed logs take less than half the bytes ($lean against $plain)"

# --- every verb reads them ---------------------------------------------------------------
expect_exit 0 "$REFEREE" verify "$TMP/lean"
expect_contains "$OUT" "$TMP/lean: ok: a tournament of rolit, 12 games finished" "verify: the folder of compressed logs is ok"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" "$LOG: ok: rolit, 2 players, 60 actions, signed by key" "verify: one compressed log is ok"
expect_exit 0 "$REFEREE" ladder "$TMP/lean/games"
expect_eq "$(sed '/^$/q' "$OUT")" "$(cat "$TMP/plain.ladder")" "ladder over the compressed logs alone: the same table"
expect_exit 0 "$REFEREE" replay "$LOG"
expect_contains "$OUT" "Rolit, rules rolit/2" "replay tells a compressed log"
expect_exit 0 "$REFEREE" replay --format html "$LOG"
expect_contains "$OUT" "<!DOCTYPE html>" "replay --format html makes the page of a compressed log"
expect_exit 0 "$REFEREE" report "$TMP/lean"
expect_eq "$(grep -c '"verified":true' "$TMP/lean/report/replays/games.jsonl")" 12 \
	"report: every compressed game is verified and has its replay"
# The manifest lists the SHA-256 of each log as stored (compressed): the
# report compares that one, as verify does, for a first run and for a
# second one that keeps the pages its cache holds.
for pass in first second; do
	expect_exit 0 "$REFEREE" report "$TMP/lean"
	$HTMLTOOL "$TMP/lean/report/index.html" data >"$TMP/lean-report.json"
	expect_eq "$("$PYTHON3" -c "import json, sys
m = json.load(open(sys.argv[1]))['manifest']
print(m['hashes_match'], m['finished'], m['bad_logs'])" "$TMP/lean-report.json")" "12 12 []" \
		"report ($pass run): 12 of 12 compressed logs have the hash the manifest lists, none bad"
done

# --- a changed or cut compressed log fails verify -------------------------------------------
gzip -dc "$LOG" | sed 's/"action":"\([A-H]\)\([0-9]\)"/"action":"\1\2"/' | gzip >"$TMP/again.jsonl"
expect_exit 0 "$REFEREE" verify "$TMP/again.jsonl"
expect_contains "$OUT" ": ok: rolit" "a log compressed again by gzip itself still verifies (the lines are what is signed)"
gzip -dc "$LOG" | sed '0,/"action":"\([A-H][0-9]\)"/s//"action":"A1"/' | gzip >"$TMP/changed.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/changed.jsonl"
expect_contains "$OUT" "$TMP/changed.jsonl: FAILED: line " "a changed move in a compressed log fails verify"
size=$(wc -c <"$LOG")
head -c $((size - 5)) "$LOG" >"$TMP/cut.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/cut.jsonl"
expect_contains "$OUT" "$TMP/cut.jsonl: FAILED" "a compressed log cut short fails verify"
printf '\037\213garbage' >"$TMP/garbage.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/garbage.jsonl"
CORRUPT="corrupt compressed data: the log's gzip data do not read from here on (a damaged file, or one cut short)"
expect_eq "$(cat "$OUT")" "$TMP/garbage.jsonl: FAILED: line 1: $CORRUPT" \
	"gzip's magic then garbage fails verify as corrupt compressed data, never empty"
# A whole member, then one whose data do not read: the lines of the first
# are read, the rest named corrupt where it begins.
gzip -dc "$LOG" | head -n 3 | gzip >"$TMP/half.jsonl"
printf '\037\213garbage' >>"$TMP/half.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/half.jsonl"
expect_eq "$(cat "$OUT")" "$TMP/half.jsonl: FAILED: line 4: $CORRUPT" "... after the lines that read, from the line where it begins"
expect_exit 1 "$REFEREE" ladder "$TMP/garbage.jsonl"
expect_contains "$ERR" "referee ladder: $TMP/garbage.jsonl: line 1: $CORRUPT" "ladder says so too"
expect_exit 2 "$REFEREE" replay "$TMP/garbage.jsonl"
expect_contains "$ERR" "referee replay: $TMP/garbage.jsonl: corrupt compressed data: its gzip data do not read" \
	"... and replay"
mkdir "$TMP/corrupt"
cp "$TMP/garbage.jsonl" "$TMP/corrupt/game-000001.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/corrupt"
expect_contains "$OUT" "$TMP/corrupt/game-000001.jsonl: FAILED: line 1: $CORRUPT" "... and verify of a folder"
# The report lists a folder's logs, here the one that does not read:
# exit 1, as verify.
expect_exit 1 "$REFEREE" report "$TMP/corrupt"
expect_contains "$ERR" "referee report: 1 log of $TMP/corrupt did not verify (listed in the report)" \
	"... and the report of the folder"
expect_eq "$($PYTHON3 "$top_srcdir/tests/tools/htmltool.py" "$TMP/corrupt/report/index.html" data | grep -c "line 1: $CORRUPT")" 1 \
	"... and the report's data"

# --- kill -9 of a plain run, --resume --compress: both kinds in one folder -------------------
write_file "$TMP/k.json" "" "$(zoo slow 20)"
"$REFEREE" tournament "$TMP/k.json" --out "$TMP/k" --concurrency 1 >"$TMP/k.out" 2>"$TMP/k.err" </dev/null &
pid=$!
for _ in $(seq 400); do
	[ "$(finished_games "$TMP/k/run.jsonl" 2>/dev/null | wc -l)" -ge 2 ] && break
	sleep 0.05
done
# The keeper of the bots' control groups sweeps them once every process
# holding its pipe has ended: the workers, which make and freeze the bots'
# groups, hold it too, so that no sweep comes before a worker's last
# freeze (a bot frozen after it would stay for ever).
if ! no_control_group; then
	pipes() { for f in /proc/"$1"/fd/*; do readlink "$f"; done 2>/dev/null | grep '^pipe:' | sort -u; }
	keeper_pipe=
	for k in $(pgrep -f "referee: keeper of the bots' control groups"); do
		kp=$(readlink "/proc/$k/fd/3" 2>/dev/null)
		pipes "$pid" | grep -qxF "$kp" && keeper_pipe=$kp
	done
	workers=$(pgrep -P "$pid" -f "referee tournament $TMP/k.json")
	missing=0
	for w in $workers; do
		pipes "$w" | grep -qxF "$keeper_pipe" || missing=$((missing + 1))
	done
	ok "$([ -n "$keeper_pipe" ] && [ -n "$workers" ] && [ "$missing" = 0 ]; echo $?)" \
		"the run's workers hold the keeper's pipe ($keeper_pipe; $missing of $(echo $workers | wc -w) do not)"
fi
kill -9 "$pid"
wait "$pid"
expect_eq "$?" 137 "kill -9 stops the run"
assert_no_leftovers "kill -9: no worker or bot is left"
expect_exit 0 "$REFEREE" tournament "$TMP/k.json" --out "$TMP/k" --resume --concurrency 2 --compress --quiet
expect_eq "$(finished_games "$TMP/k/run.jsonl" | sort -n | uniq | wc -l)" 12 "--resume --compress finishes every game once"
kinds=$(for f in "$TMP"/k/games/*.jsonl; do head -c 2 "$f" | od -An -tx1 | tr -d " "; done | sort -u | tr '\n' ' ')
expect_eq "$kinds" "1f8b 7b22 " "the folder holds both kinds of log: plain before the kill, compressed after"
expect_exit 0 "$REFEREE" verify "$TMP/k"
expect_contains "$OUT" "$TMP/k: ok: a tournament of rolit, 12 games finished" "verify reads the folder of both kinds"
expect_exit 0 "$REFEREE" ladder "$TMP/k"
expect_contains "$OUT" "12 games" "ladder reads the folder of both kinds"

# --- play --compress, and the file's refusal -------------------------------------------------
expect_exit 0 "$REFEREE" play rolit --games 2 --compress --out "$TMP/p" "$(zoo first-legal)" "$(zoo last-legal)"
expect_eq "$(head -c 2 "$TMP/p/game-000002.jsonl" | od -An -tx1 | tr -d ' ')" 1f8b "play --compress writes compressed logs"
expect_exit 0 "$REFEREE" verify "$TMP"/p/game-*.jsonl
write_file "$TMP/bad.json" ' "compress": "yes",'
expect_exit 2 "$REFEREE" tournament "$TMP/bad.json" --out "$TMP/bad"
expect_eq "$(grep '^referee tournament:' "$ERR")" "referee tournament: $TMP/bad.json: \"compress\" must be true or false" \
	"\"compress\" that is not a boolean is refused"
assert_no_leftovers
done_testing

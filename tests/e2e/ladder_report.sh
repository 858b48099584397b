#!/usr/bin/env bash
# What the ladder reports beside the ratings: each bot's forfeits by
# reason and reply times, the crosstable, whole names in every matrix, and
# PGN's Date, Round and Termination tags.
. "$(dirname "$0")/../tools/lib.sh"

C="random=$CBOT $TMP"
LONG=sleepy-bot-with-a-rather-long-name
expect_exit 0 "$REFEREE" keygen "$TMP/key"
# (Under another name: tests/zoo/key-thief.py, run at the same time, must
# not take it for its own run's key.)
mv "$TMP/key/referee.key" "$TMP/key/signing.key"
# Two runs signed by one key: a bot that never answers a turn, then one
# that plays an occupied square, each against the random bot twice.
expect_exit 0 "$REFEREE" play rolit --games 2 --move-ms 300 --key "$TMP/key/signing.key" \
	--out "$TMP/a" "$LONG=$(zoo silent-turn.sh)" "$C"
expect_exit 0 "$REFEREE" play rolit --games 2 -o first=seat0 --key "$TMP/key/signing.key" \
	--out "$TMP/b" "cheater=$(zoo illegal-move occupied)" "$C"

expect_exit 0 "$REFEREE" ladder "$TMP/a" "$TMP/b"
ok "$(grep -qE "^ +[0-9]  $LONG +2   timeout 2 +0 +- +- +- +- +-$" "$OUT"; echo $?)" \
	"table: forfeits by reason, no turns answered" || diag_run
ok "$(grep -qE '^ +[0-9]  cheater +2   illegal-action 2 +[12] ' "$OUT"; echo $?)" \
	"table: an illegal action is a forfeit by its reason" || diag_run
ok "$(grep -qE '^ +1  random +0 +[0-9]+ +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms +[0-9.]+ ms$' "$OUT"; echo $?)" \
	"table: a bot without forfeits, with its reply times, wall and CPU" || diag_run
expect_contains "$OUT" "crosstable (row's points against column, of the games between them)" \
	"table: the crosstable of 3 bots is shown"
ok "$(grep -A4 '^crosstable' "$OUT" | grep -qE '^ +1  random +- +2/2 +2/2$'; echo $?)" \
	"crosstable: the winner's row, points of games" || diag_run
ok "$(grep -A4 '^crosstable' "$OUT" | grep -qE "^ +[23]  (cheater|$LONG) +0/2 +\\. +-\$|^ +[23]  (cheater|$LONG) +0/2 +- +\\.\$"; echo $?)" \
	"crosstable: bots that never met show '.'" || diag_run
ok "$(grep -A4 '^likelihood' "$OUT" | grep -qE "^ +[0-9]  $LONG "; echo $?)" \
	"the LOS matrix names each row in full" || diag_run
expect_eq "$(grep -A1 '^likelihood' "$OUT" | tail -1 | tr -s ' ')" " 1 2 3" "the LOS matrix numbers its columns"

run "$REFEREE" ladder --format crosstable "$TMP/a" "$TMP/b"
expect_eq "$RC" 0 "--format crosstable"
expect_eq "$(head -1 "$OUT")" "" "--format crosstable: the crosstable alone"
expect_eq "$(grep -c 'likelihood\|Elo' "$OUT")" 0 "--format crosstable: no ratings"
expect_eq "$(grep -cE '^ +[0-9]  [a-z]' "$OUT")" 3 "--format crosstable: a row a bot"

run "$REFEREE" ladder --format csv "$TMP/a" "$TMP/b"
expect_eq "$(head -1 "$OUT")" "rank,bot,elo,status,ci95,games,points,score,wins,draws,losses,place,group,forfeits,forfeit_reasons,turns,median_ms,p95_ms,max_ms,cpu_turns,cpu_median_ms,cpu_p95_ms,cpu_max_ms,provisional" \
	"csv: the forfeit and reply time columns"
expect_eq "$(grep ",$LONG," "$OUT" | cut -d, -f14-19)" "2,timeout:2,0,0.000,0.000,0.000" "csv: forfeits by reason"
ok "$(grep ',random,' "$OUT" | awk -F, '{ exit !($16 > 0 && $17 <= $18 && $18 <= $19) }'; echo $?)" \
	"csv: median <= p95 <= max" || diag_run

run "$REFEREE" ladder --format json "$TMP/a" "$TMP/b"
expect_eq "$("$PYTHON3" -c 'import json,sys
d = {b["bot"]: b for b in json.load(sys.stdin)["ladder"]}
print(d["cheater"]["forfeits"], d["random"]["forfeits"]["total"], d["random"]["reply_ms"]["turns"] > 0)' <"$OUT")" \
	"{'total': 2, 'by_reason': {'illegal-action': 2}} 0 True" "json: forfeits and reply times"

run "$REFEREE" ladder --format pgn "$TMP/a" "$TMP/b"
expect_eq "$(grep -c '^\[Termination "time forfeit"\]$' "$OUT")" 2 "pgn: a timeout is a time forfeit"
expect_eq "$(grep -c '^\[Termination "illegal move"\]$' "$OUT")" 2 "pgn: an illegal action is an illegal move"
expect_eq "$(grep -c '^{\(White\|Black\) forfeits: \(timeout\|illegal-action\)} \(1-0\|0-1\)$' "$OUT")" 4 \
	"pgn: the forfeit in a comment before the result"
expect_eq "$(grep '^\[Round ' "$OUT" | tr -d '\n')" '[Round "1"][Round "2"][Round "3"][Round "4"]' "pgn: rounds numbered"
expect_eq "$(grep -c '^\[Event "arena"\]$' "$OUT")" 4 "pgn: games played alone are the project's event"
expect_eq "$(grep -c "^\\[Date \"$(date -u -r "$TMP/a/game-000001.jsonl" +%Y.%m.%d)\"\\]$" "$OUT")" 4 \
	"pgn: the date each log was written"

# Each game starts with a line in the bots' stderr files.
expect_eq "$(grep -c $'^\x1e=== arena: game [12] (game_id [0-9a-f]*), seat [01], rolit ===$' "$TMP/b/random.stderr")" 2 \
	"stderr files: a line names each game"

assert_no_leftovers
done_testing

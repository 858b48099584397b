#!/usr/bin/env bash
# `referee ladder --provisional`: the ladder of a tournament that is
# running or was stopped, from its unsigned manifest: the games it lists as
# finished, rated as the same logs given alone are, and marked PROVISIONAL
# in every format; without the flag such a folder is refused, naming it.
# Once the run is resumed to its end, the flag changes nothing, and a
# signed manifest is checked as a finished run's.
. "$(dirname "$0")/../tools/lib.sh"

# One table of a bot that stops in its 4th game until a file is there
# (tests/zoo/gate.py, so the run has no sandbox: the files are in $TMP)
# and the C random bot, 12 games.
cat >"$TMP/t.json" <<JSON
{"name": "provisional", "game": "rolit", "options": {"size": 4}, "games": 12,
 "time": {"move_ms": 600000},
 "bots": [{"name": "gate", "command": "$(zoo gate 4)"},
          {"name": "random", "command": "$CBOT $TMP"}]}
JSON
DIR=$TMP/run
M=$DIR/run.jsonl
LOGS='[0-9][0-9][0-9][0-9][0-9][0-9].jsonl'

"$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$DIR" --concurrency 1 \
	>"$TMP/run.out" 2>"$TMP/run.err" </dev/null &
pid=$!
# Held in game 4: the 3 games before it are listed within
# MANIFEST_BATCH_MS of finishing, and no other game finishes.
for _ in $(seq 600); do
	[ "$(finished_games "$M" 2>/dev/null | wc -l)" -ge 3 ] && break
	sleep 0.05
done
expect_eq "$(finished_games "$M" | tr '\n' ' ')" "1 2 3 " "running: games 1 to 3 finished, game 4 is held"

# While it runs.
run "$REFEREE" ladder --provisional "$DIR"
expect_eq "$RC" 0 "running: --provisional rates the run" || diag_run
expect_eq "$(head -1 "$OUT")" "PROVISIONAL: 3 of these games are those finished so far of a tournament that has not finished ($M: not signed yet); the ratings will change" \
	"running: the first line says the ladder is provisional, and of how many games"
expect_eq "$(tail -1 "$OUT" | cut -d';' -f1)" "3 games, PROVISIONAL" "running: the last line too"
expect_eq "$(finished_games "$M" | wc -l)" 3 "running: the run was held while it was rated"

kill -INT "$pid"
wait "$pid"
expect_eq "$?" 2 "the run stops on SIGINT"
assert_no_leftovers "no bot is left of the stopped run"
finished=3
expect_eq "$(tail -1 "$M" | grep -c '"type":"signature"')" 0 "the stopped run's manifest is not signed"
expect_eq "$(finished_games "$M" | wc -l)" 3 "the stopped run lists 3 games as finished"
expect_eq "$(ls "$DIR/games")" "000001.jsonl
000002.jsonl
000003.jsonl
000004.jsonl" "... and left the log of game 4, which it did not finish"

# Without --provisional: refused, naming the flag.
expect_exit 1 "$REFEREE" ladder "$DIR"
expect_eq "$(cat "$ERR")" "referee ladder: $M: not signed: the tournament has not finished (finish it with --resume, or rate the games finished so far with 'referee ladder --provisional')
referee ladder: 1 problem: no ladder; 'referee verify FOLDER' checks a tournament's every log" \
	"an unsigned manifest is refused, and the message names --provisional"

# With it: exactly the games the manifest lists as finished, rated as the
# same logs given alone (which ladder verifies each) are.
finished_logs=$(finished_games "$M" | awk -v dir="$DIR" '{ printf "%s/games/%06d.jsonl\n", dir, $1 }')
expect_exit 0 "$REFEREE" ladder --provisional "$DIR"
expect_eq "$(tail -1 "$OUT")" "$finished games, PROVISIONAL; signed by key $(cat "$DIR/referee.pub"), checked against your own key ($KEYDIR/referee.pub)" \
	"stopped: the games finished, PROVISIONAL, the run's key"
expect_exit 0 "$REFEREE" ladder --provisional --format json "$DIR"
cp "$OUT" "$TMP/provisional.json"
# shellcheck disable=SC2086
expect_exit 0 "$REFEREE" ladder --format json $finished_logs
ratings() {
	"$PYTHON3" -c 'import json, sys
d = json.load(open(sys.argv[1]))
keys = ("rank", "bot", "status", "elo", "ci95", "games", "points", "pairs", "wins", "draws", "losses", "place")
print(d["games"], d["provisional"], [[b.get(k) for k in keys] for b in d["ladder"]])' "$1"
}
expect_eq "$(ratings "$TMP/provisional.json")" "$(ratings "$OUT" | sed 's/ False / True /')" \
	"json: the same ratings, to the last digit, as the finished logs given alone"
expect_eq "$(ratings "$TMP/provisional.json" | cut -d' ' -f1-2)" "$finished True" "json: the games and \"provisional\": true"
# Reply times: what the finished logs say (the run stopped before its
# manifest had a "replies" record), never a bot with games and no turns.
turns() {
	"$PYTHON3" -c 'import json, sys
print(sorted((b["bot"], b["reply_ms"]["turns"]) for b in json.load(open(sys.argv[1]))["ladder"]))' "$1"
}
expect_eq "$(turns "$TMP/provisional.json")" "$(turns "$OUT")" \
	"json: each bot's turns are those of the finished logs given alone"
expect_eq "$(turns "$OUT" | grep -c "', 0)")" 0 "... and no bot with games shows 0 turns"
expect_exit 0 "$REFEREE" ladder --provisional --format csv "$DIR"
expect_eq "$(head -1 "$OUT" | awk -F, '{ print $NF }')" "provisional" "csv: the last column is provisional"
expect_eq "$(tail -n +2 "$OUT" | awk -F, '{ print $NF }' | tr '\n' ' ')" "1 1 " "csv: 1 on each bot's row"
expect_exit 0 "$REFEREE" ladder --provisional --format pgn "$DIR"
expect_eq "$(grep -c '^\[Provisional "true"\]$' "$OUT")" "$finished" "pgn: every game has the Provisional tag"
expect_exit 0 "$REFEREE" ladder --provisional --format crosstable "$DIR"
expect_eq "$(head -1 "$OUT" | cut -c1-12)" "PROVISIONAL:" "crosstable: the first line says PROVISIONAL"
# --verify checks each finished log against the run's public key.
expect_exit 0 "$REFEREE" ladder --provisional --verify "$DIR"
expect_exit 0 "$REFEREE" ladder --provisional --verify --key "$DIR/referee.pub" "$DIR"
expect_exit 0 "$REFEREE" keygen "$TMP/other"
expect_exit 1 "$REFEREE" ladder --provisional --verify --key "$TMP/other/referee.pub" "$DIR"
key=$(cat "$DIR/referee.pub")
# The run going on is sealed (docs/FAIRNESS-LEAGUE.md, item 22): its first seal
# is named.
expect_eq "$(cat "$ERR")" "referee ladder: $DIR/run.jsonl: line $(grep -n '"type":"signature"' "$DIR/run.jsonl" | head -1 | cut -d: -f1): signed by key $key, not by the key given
referee ladder: 1 problem: no ladder; 'referee verify FOLDER' checks a tournament's every log" \
	"--verify --key: a run going on, sealed by another key, is named"

# A finished game's log that is gone is a problem, provisional or not.
first=$(echo "$finished_logs" | head -1)
mv "$first" "$TMP/away.jsonl"
expect_exit 1 "$REFEREE" ladder --provisional "$DIR"
expect_contains "$ERR" "referee ladder: $first: missing: the manifest lists game $(finished_games "$M" | head -1) as finished" \
	"a listed log that is missing is named"
mv "$TMP/away.jsonl" "$first"
# Without a public key beside the manifest nor --key, the logs' key is unknown.
mv "$DIR/referee.pub" "$TMP/referee.pub"
expect_exit 1 "$REFEREE" ladder --provisional "$DIR"
expect_contains "$ERR" "referee ladder: $M: not signed yet, and the key of its logs is unknown (" \
	"no key: said, with what to do"
expect_contains "$ERR" "): give --key" "... give --key"
expect_exit 0 "$REFEREE" ladder --provisional --key "$TMP/referee.pub" "$DIR"
mv "$TMP/referee.pub" "$DIR/referee.pub"

# Resumed to its end: signed, and --provisional changes nothing.
touch "$TMP/gate.open"
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$DIR" --resume --concurrency 1
expect_exit 0 "$REFEREE" ladder "$DIR"
cp "$OUT" "$TMP/final.txt"
expect_exit 0 "$REFEREE" ladder --provisional "$DIR"
expect_eq "$(cmp "$OUT" "$TMP/final.txt" && echo same)" "same" "finished: --provisional prints the final ladder"
expect_not_contains "$OUT" "PROVISIONAL" "finished: nothing says provisional"
expect_eq "$(tail -2 "$OUT" | head -1 | cut -d';' -f1)" "12 games" "finished: all 12 games"
expect_eq "$(tail -1 "$OUT")" "cut by a stop and dealt again: 1 game (1 log set aside in games/aborted/, listed by the manifest)" \
	"finished: the last line says game 4, cut by the stop, was dealt again"
run "$REFEREE" verify "$DIR"/games/$LOGS
expect_eq "$(grep -c ': ok:' "$OUT")" 12 "the resumed run's logs verify"

# A signed manifest is a finished run's, with or without the flag: one
# that lists a game as started and never finished (its entry and log
# dropped, the manifest signed again) is refused.
cp -r "$DIR" "$TMP/dropped"
"$PYTHON3" - "$M" "$TMP/dropped.jsonl" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "finished" and any(g["game"] == 5 for g in r["games"]):
        r["games"] = [g for g in r["games"] if g["game"] != 5]
        if not r["games"]:
            continue
        line = json.dumps(r, separators=(",", ":")) + "\n"
    out.append(line)
open(sys.argv[2], "w").write("".join(out))
PY
$LOGTOOL resign "$TMP/dropped.jsonl" "$TMP/dropped/run.jsonl" "$KEYDIR/referee.key"
rm "$TMP/dropped/games/000005.jsonl"
expect_exit 1 "$REFEREE" ladder --provisional "$TMP/dropped"
expect_eq "$(head -1 "$ERR")" "referee ladder: $TMP/dropped/run.jsonl: game 5 was started but never finished" \
	"signed, a game started and never finished: refused with --provisional too"

assert_no_leftovers
done_testing

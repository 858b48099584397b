#!/usr/bin/env bash
# `referee check-bot --tournament FILE NAME` runs an entry of a tournament
# file as the tournament does, from any folder: in the entry's workdir,
# with its env, pass_env and readable paths, the file's game, options,
# players and time control; the same command checked plainly runs where
# `play` runs it, the folder of its script, with neither.  A name the file
# does not hold is refused, naming its bots.
. "$(dirname "$0")/../tools/lib.sh"

# A bot that says where it runs and with which LEVEL and MODE, and cannot
# start without the data.txt of its working folder and LEVEL.
mkdir -p "$TMP/t/bot" "$TMP/t/work" "$TMP/elsewhere"
cat >"$TMP/t/bot/bot.py" <<'PY'
import json, os, sys
print("cwd %s level %s mode %s" % (os.getcwd(), os.environ.get("LEVEL"), os.environ.get("MODE")),
      file=sys.stderr, flush=True)
if not os.path.exists("data.txt") or "LEVEL" not in os.environ:
    sys.exit(3)
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": msg["legal"][0]} if "legal" in msg else {}), flush=True)
PY
echo data >"$TMP/t/work/data.txt"
F=$TMP/t/t.json
cat >"$F" <<JSON
{"name": "entries", "game": "rolit", "options": {"size": 6}, "players": 3, "games": 6,
 "time": {"move_ms": 700},
 "bots": [{"name": "mine", "command": "$PYTHON3 ../bot/bot.py", "workdir": "work",
           "env": {"LEVEL": "3"}, "pass_env": ["MODE"], "readable": ["bot"]},
          {"name": "other", "command": "$CBOT $TMP"},
          {"name": "third", "command": "$CBOT $TMP"}]}
JSON
# The first line of a bot's stderr file: where it ran, with which LEVEL
# and MODE.
where() {
	grep -m1 '^cwd ' "$1"
}

# From /, as the tournament runs it.
run env -C / MODE=fast "$REFEREE" check-bot --tournament "$F" mine --keep "$TMP/keep"
expect_eq "$RC" 0 "--tournament: the entry passes, checked from /" || diag_run
expect_eq "$(head -2 "$OUT")" "bot 'mine' of entries, as its tournament runs it: in $TMP/t/work
checking $PYTHON3 ../bot/bot.py on rolit, 3 players, 6 games against random opponents" \
	"--tournament: the entry's folder, the file's game and players"
expect_eq "$(where "$TMP/keep/bot.stderr")" "cwd $TMP/t/work level 3 mode fast" \
	"--tournament: the bot runs in the entry's workdir with its env and pass_env"
expect_eq "$(grep -c 'a full game (32 moves in all), end$' "$OUT")" 6 "--tournament: the file's options (size 6)"
ok "$(grep -qE '^  turn +[0-9]+ .* 700 ms$' "$OUT"; echo $?)" "--tournament: the file's time control" || diag_run
expect_eq "$(tail -1 "$OUT")" "8 passed, 0 failed" "--tournament: every check passes"

# The tournament, also started from /, runs it the same way.
run env -C / MODE=fast "$REFEREE" tournament "$F" --out "$TMP/out"
expect_eq "$RC" 0 "the tournament runs" || diag_run
expect_eq "$(cat "$TMP"/out/games/*.jsonl | grep -c '"type":"forfeit"')" 0 "nobody forfeits in the tournament"
expect_eq "$(where "$TMP/out/stderr/table0001-mine.stderr")" "cwd $TMP/t/work level 3 mode fast" \
	"the tournament runs the entry where check-bot --tournament did"

# Checked plainly, the same program runs in its script's folder, as play
# runs it, from wherever they are started; here that fails its start.
run env -C "$TMP/elsewhere" MODE=fast "$REFEREE" check-bot rolit --keep "$TMP/plain" "$PYTHON3 $TMP/t/bot/bot.py"
expect_eq "$RC" 1 "plain check-bot: the bot fails without the entry's folder and env" || diag_run
expect_contains "$OUT" "FAIL  starts: exit: the bot exited with status 3" "plain check-bot: it cannot start"
expect_eq "$(where "$TMP/plain/bot.stderr")" "cwd $TMP/t/bot level None mode None" \
	"plain check-bot: the bot runs in the folder of its script"
run env -C "$TMP/elsewhere" MODE=fast "$REFEREE" play rolit --out "$TMP/play" "mine=$PYTHON3 $TMP/t/bot/bot.py" "$CBOT $TMP"
expect_eq "$(where "$TMP/play/mine.stderr")" "$(where "$TMP/plain/bot.stderr")" \
	"play runs it in the same folder as plain check-bot"

# Usage.
expect_exit 2 "$REFEREE" check-bot --tournament "$F" nobody
expect_eq "$(head -1 "$ERR")" "referee check-bot: $F has no bot named 'nobody': its bots are mine, other, third" \
	"a name not in the file: exit 2, naming the file's bots"
expect_exit 2 "$REFEREE" check-bot --tournament "$F" --move-ms 300 mine
expect_eq "$(head -1 "$ERR")" "referee check-bot: --move-ms: with --tournament the tournament file sets the game, its options, the players, the time control and the limits" \
	"a flag the file sets is refused, named"
expect_exit 2 "$REFEREE" check-bot --tournament "$F" -o size=6 mine
expect_eq "$(head -1 "$ERR")" "referee check-bot: -o: with --tournament the tournament file sets the game, its options, the players, the time control and the limits" \
	"a game option too"
expect_exit 2 "$REFEREE" check-bot --tournament "$F"
expect_eq "$(head -1 "$ERR")" "referee check-bot: give one bot's name after --tournament FILE" "no name: refused"
expect_exit 2 "$REFEREE" check-bot --tournament "$TMP/none.json" mine
expect_contains "$ERR" "none.json" "a file that cannot be read is named"
run "$REFEREE" check-bot --tournament "$F" --no-sandbox --games 1 mine
expect_eq "$RC" 0 "--no-sandbox overrides the file's sandbox" || diag_run
expect_eq "$(cat "$ERR")" "referee check-bot: --no-sandbox: each bot runs with all your rights: it can read, change and delete what you can (other bots, logs in progress, keys), use the network, and signal or stop your processes; use it only for bots you trust" \
	"... and says what that means"

assert_no_leftovers
done_testing

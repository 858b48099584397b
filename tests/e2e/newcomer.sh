#!/bin/bash
# End-to-end: what a class organiser and a researcher tripped on in their
# first days (issue 34), each case failing without its fix: a bot's
# command read in its --workdir as a tournament entry's "workdir" is read;
# check-bot on Rolit speaking of its draws, not of dice, and a failed
# check saying where its folder is and how to choose it.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

NL=(--no-limits)

# --- --workdir: the command's relative paths are read there -------------------------
# The folder the referee starts in has a bot.py that is no bot; kim/ has
# the real one.  `check-bot --workdir kim rolit "python3 bot.py"` runs
# kim's, as a tournament entry {"command": "python3 bot.py", "workdir":
# "kim"} does ("java -cp . KimBot" reads its "." the same way).
mkdir -p "$TMP/w/kim"
printf 'print("nope", flush=True)\n' >"$TMP/w/bot.py"
cat >"$TMP/w/kim/bot.py" <<'PY'
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": msg["legal"][0]} if "legal" in msg else {}), flush=True)
PY
KIM_SHA=$(sha256sum "$TMP/w/kim/bot.py" | cut -d' ' -f1)
cd "$TMP/w" || exit 99
expect_exit 0 "$REFEREE" check-bot "${NL[@]}" --workdir kim rolit "$PYTHON3 bot.py $TMP"
grep -q '^[0-9]* passed, 0 failed$' "$OUT"
ok $? "check-bot --workdir kim: the bot.py of kim/ is checked, not the one of the folder it started in" || diag_run
expect_exit 0 "$REFEREE" play "${NL[@]}" --workdir kim --log play.jsonl rolit "kim=$PYTHON3 bot.py $TMP" "$CBOT $TMP"
cat >t.json <<JSON
{"game": "rolit", "games": 2, "bots": [
  {"name": "kim", "command": "$PYTHON3 bot.py $TMP", "workdir": "kim"},
  {"name": "random", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "${NL[@]}" t.json --out tout
# kim's record in a log's header, without the fields that differ by run.
kim_of() {
	head -n 1 "$1" | "$PYTHON3" -c 'import json, sys
p = [p for p in json.load(sys.stdin)["players"] if p["name"] == "kim"][0]
print(p["command"], [(f["path"], f["sha256"]) for f in p["files"]][1:], p["folder"]["path"])'
}
expect_eq "$(kim_of play.jsonl)" "$PYTHON3 bot.py $TMP [('bot.py', '$KIM_SHA')] $TMP/w/kim" \
	"play --workdir kim: the log names kim/bot.py (its hash) and the folder kim"
expect_eq "$(kim_of play.jsonl)" "$(kim_of tout/games/000001.jsonl)" \
	"play --workdir kim logs the bot as a tournament entry with \"workdir\": \"kim\" does"
cd "$top_srcdir" || exit 99

# --- check-bot: Rolit has no dice; a failed check's folder --------------------------
# The smallest bot answers {} to the commitment: it declines the exchange.
expect_exit 0 "$REFEREE" check-bot "${NL[@]}" --workdir "$TMP/w/kim" rolit "$PYTHON3 bot.py $TMP"
expect_contains "$OUT" "  note  declines the fairness exchange (allowed: the draws (who starts, the opening) then rest on the referee's and the other bots' randomness; the SDKs take part)" \
	"check-bot rolit: a bot that declines the exchange is told of the draws, not of dice"
expect_not_contains "$OUT" "dice" "check-bot rolit: no word of dice"
expect_exit 2 "$REFEREE" play "${NL[@]}" --no-sandbox --duplicate --games 2 rolit "$CBOT $TMP" "$CBOT $TMP"
expect_eq "$(head -n 1 "$ERR")" "referee play: --duplicate with --no-sandbox: a bot could read the set's draws (dice, cards, who starts) in the logs of its other games before its own game deals them; add --trusted-bots if you trust the bots not to" \
	"play rolit --duplicate --no-sandbox: the set's draws, not its dice"
mkdir "$TMP/tmpdir"
TMPDIR=$TMP/tmpdir expect_exit 1 "$REFEREE" check-bot "${NL[@]}" --workdir "$TMP/w" rolit "$PYTHON3 bot.py $TMP"
kept=$(sed -n 's/^the logs and the bot.s stderr are kept in \([^ ]*\) .*$/\1/p' "$OUT")
expect_eq "$(dirname "$kept")" "$TMP/tmpdir" "a failed check-bot keeps its folder in TMPDIR"
expect_contains "$OUT" "the logs and the bot's stderr are kept in $kept (remove it when done; --keep DIR puts them where you choose, TMPDIR where the next such folder goes)" \
	"... and says where it is and how to choose it"

done_testing

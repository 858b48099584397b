#!/bin/bash
# End-to-end: nothing a bot sends, nothing a log holds, reaches a terminal
# raw.  The zoo's terminal bot writes a screen clear (ESC [2J), a window
# title (OSC 0), a clipboard write (OSC 52), a bell, a carriage return and
# the C1 CSI (U+009B) in its reply, on its stderr and, from its file's
# name, in its own name; logs re-signed with a fresh key (tests/tools/logtool.py)
# carry them in a player's name and a forfeit's reason.  Every verb shows
# them as \xNN escapes (visible.h) on stdout and stderr, and the logs keep
# the exact bytes.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

# What the terminal bot sends, as the referee shows it, and as JSON text.
SHOWN='\x1b[2J\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\x0dok\xc2\x9b31m'
JSON_TEXT='\u001b[2J\u001b]0;pwned\u0007\u001b]52;c;cHduZWQ=\u0007\rok\u009b31m'

# no_raw_bytes WHAT: neither the last command's stdout nor its stderr holds
# an ESC, a BEL, a carriage return or the C1 CSI's second byte.
no_raw_bytes() {
	! LC_ALL=C grep -q $'[\x1b\x07\r\x9b]' "$OUT" "$ERR"
	ok $? "$1: no raw ESC, BEL, CR or C1 byte on stdout or stderr" || diag_run
}

# A bot whose file, and so its name, begins with a screen clear.
mkdir "$TMP/bot" "$TMP/logs"
EVIL=$'\e[2Jevil'
cp "$ZOO/terminal.py" "$TMP/bot/$EVIL.py"
cp "$ZOO/zoo.py" "$TMP/bot/"
BOT="$PYTHON3 '$TMP/bot/$EVIL.py'"
LOG="$TMP/logs/game.jsonl"

# --- play, replay, ladder: a bad reply and a name ---------------------------------------
run "$REFEREE" play rolit --log "$LOG" "$BOT" "$(cbot random)"
expect_eq "$RC" 0 "play: the game is played"
expect_contains "$OUT" "forfeit: bad-json: not valid JSON (error near byte 0): $SHOWN" \
	"play: the bad reply in the forfeit detail is escaped"
expect_contains "$OUT" '  2. \x1b[2Jevil ' "play: the bot's name is escaped"
no_raw_bytes "play"
"$PYTHON3" - "$LOG" <<'PY'
import json, sys
tricks = "\x1b[2J\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\rok\u009b31m"
records = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
forfeit = [r for r in records if r["type"] == "forfeit"][0]
hint = " (stdout carries only the replies: write logs and debugging output to stderr)"
assert forfeit["detail"].endswith(tricks + hint), forfeit
assert records[0]["players"][0]["name"] == "\x1b[2Jevil", records[0]["players"]
PY
ok $? "the log keeps the exact characters of the reply and the name"

run "$REFEREE" replay "$LOG"
expect_eq "$RC" 0 "replay: the log verifies"
expect_contains "$OUT" "  seat 0: \\x1b[2Jevil" "replay: the name is escaped"
expect_contains "$OUT" "seat 0 (\\x1b[2Jevil) forfeits: bad-json: not valid JSON (error near byte 0): $SHOWN" \
	"replay: the forfeit detail is escaped"
no_raw_bytes "replay"

run "$REFEREE" ladder "$LOG"
expect_contains "$OUT" '\x1b[2Jevil' "ladder: the name is escaped"
no_raw_bytes "ladder"

# --- check-bot: the reply, the stderr, the name in hello ---------------------------------
run "$REFEREE" check-bot rolit --games 1 "$(zoo terminal)"
expect_eq "$RC" 1 "check-bot: the bad reply fails"
expect_contains "$OUT" ": bad-json: not valid JSON (error near byte 0): $SHOWN" \
	"check-bot: the bad reply is escaped"
expect_contains "$OUT" "        | terminal: $SHOWN" "check-bot: the bot's stderr is escaped"
no_raw_bytes "check-bot"
drop_kept
run "$REFEREE" check-bot rolit --games 1 "$(zoo terminal name)"
expect_contains "$OUT" '  FAIL  starts: bad-reply: hello: "name" must not hold a control character' \
	"check-bot: a name with escapes fails the start"
expect_contains "$OUT" "        | terminal: $SHOWN" "check-bot: the stderr of a bot that never started is escaped"
no_raw_bytes "check-bot, a name in hello"
drop_kept

# --- logs someone else wrote ---------------------------------------------------------------
"$REFEREE" keygen "$TMP/forger" >/dev/null
FORGED="$TMP/logs/"$'\e]0;x\a'"forged.jsonl"
$LOGTOOL resign "$LOG" "$FORGED" "$TMP/forger/referee.key" \
	sub header '"name":"random"' "\"name\":\"${JSON_TEXT//\\/\\\\}\""
run "$REFEREE" verify "$FORGED"
expect_eq "$RC" 0 "verify: a forged log signed with a fresh key verifies"
expect_contains "$OUT" '/logs/\x1b]0;x\x07forged.jsonl: ok: ' "verify: the file's name is escaped"
no_raw_bytes "verify"
REASON="$TMP/logs/reason.jsonl"
$LOGTOOL resign "$LOG" "$REASON" "$TMP/forger/referee.key" \
	sub forfeit '"reason":"bad-json"' "\"reason\":\"${JSON_TEXT//\\/\\\\}\""
run "$REFEREE" verify "$REASON"
expect_contains "$OUT" ": FAILED: line $(grep -n '"type":"forfeit"' "$REASON" | cut -d: -f1): unknown forfeit reason '$SHOWN'" \
	"verify: what it quotes of a log is escaped"
no_raw_bytes "verify, a failure"

run "$REFEREE" replay "$FORGED"
expect_contains "$OUT" "  seat 1: $SHOWN" "replay: a forged name is escaped"
no_raw_bytes "replay, a forged log"
run "$REFEREE" replay "$REASON"
expect_contains "$ERR" "unknown forfeit reason '$SHOWN'" "replay: the failure it names is escaped"
no_raw_bytes "replay, a log that fails"

run "$REFEREE" ladder "$FORGED"
expect_contains "$OUT" "   1  $SHOWN" "ladder: a forged name is escaped"
no_raw_bytes "ladder, a forged log"
run "$REFEREE" ladder "$FORGED" --format json
"$PYTHON3" -c "import json, sys
names = [e['bot'] for e in json.load(open(sys.argv[1]))['ladder']]
assert names[0] == '\x1b[2J\x1b]0;pwned\x07\x1b]52;c;cHduZWQ=\x07\rok\u009b31m', names" "$OUT"
ok $? "ladder --format json: the same names, escaped the JSON way"
expect_contains "$OUT" "\"bot\":	\"$JSON_TEXT\"" "ladder --format json: the C1 control is a \\u escape"
no_raw_bytes "ladder --format json"
run "$REFEREE" ladder "$FORGED" --format csv
expect_contains "$OUT" "1,$SHOWN," "ladder --format csv: the name is escaped"
no_raw_bytes "ladder --format csv"

mkdir -p "$TMP/site/games"
cp "$FORGED" "$TMP/site/games/000001.jsonl"
cp "$REASON" "$TMP/site/games/000002.jsonl"
run "$REFEREE" report "$TMP/site"
expect_eq "$RC" 1 "report: the log that fails is counted"
no_raw_bytes "report"

# --- a tournament file ----------------------------------------------------------------------
printf '{"name": "\\u001b]0;x\\u0007", "game": "rolit", "bots": []}\n' >"$TMP/t.json"
run "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t"
expect_contains "$ERR" "not '\\x1b]0;x\\x07'" "tournament: a name in its file is escaped in the error"
no_raw_bytes "tournament"

assert_no_leftovers
done_testing

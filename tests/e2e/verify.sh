#!/bin/bash
# End-to-end: `referee verify` (and replay) on real logs and on tampered
# copies.  Every changed byte, swapped, dropped or cut line fails with the
# line and the reason; logs edited and then re-signed with the referee's
# own key (tests/tools/logtool.py) get past the chain and the signature and must
# fail on their content: the draws, the commitments, the rules.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)
PY=$(pybot)

# fails_with DESCRIPTION LOG TEXT: verify LOG exits 1 and prints
# "LOG: FAILED: TEXT" (TEXT: the start of the message, fixed text).
fails_with() {
	run "$REFEREE" verify "$2"
	grep -qF -e "$2: FAILED: $3" "$OUT"
	ok "$([ "$RC" -eq 1 ] && grep -qF -e "$2: FAILED: $3" "$OUT"; echo $?)" "$1: FAILED: $3" || diag_run
}

# tamper OP ARGS...: logtool on the game log, into $T (a new file).
T_COUNT=0
tamper() {
	local op=$1
	shift
	T_COUNT=$((T_COUNT + 1))
	T="$TMP/t$T_COUNT.jsonl"
	$LOGTOOL "$op" "$LOG" "$T" "$@"
}

# line_of TYPE: the 1-based number of the first line of record TYPE.
line_of() {
	grep -nF "\"type\":\"$1\"" "$LOG" | head -n 1 | cut -d: -f1
}

# --- a real log ---------------------------------------------------------------------
mkdir "$TMP/g"
LOG="$TMP/g/game.jsonl"
KEY="$KEYDIR/referee.key"   # the default key: it signs every log here
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit --log "$LOG" "$C" "$PY"
PUB=$(cat "$TMP/g/referee.pub")
LINES=$(wc -l <"$LOG")
expect_exit 0 "$REFEREE" verify "$LOG"
expect_eq "$(cat "$OUT")" "$LOG: ok: rolit, 2 players, 60 actions, signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" \
	"the real log verifies"

# --- one byte changed, in every line -------------------------------------------------------
# The line itself fails (JSON, seq, prev, signature) or the next line's
# "prev" does; nothing after that.
$LOGTOOL bytes "$LOG" "$TMP/b"
files=()
for ((i = 0; i < LINES; i++)); do
	files+=("$TMP/b$i.jsonl")
done
run "$REFEREE" verify "${files[@]}"
expect_eq "$RC $(grep -c ': FAILED: line ' "$OUT")" "1 $LINES" "all $LINES logs with a changed byte fail (one verify run)"
i=0
while IFS= read -r result; do
	# "PATH: FAILED: line K: why", in the order of the arguments.
	rest=${result#"$TMP/b$i.jsonl: FAILED: line "}
	line=${rest%%:*}
	[ "$rest" != "$result" ] && { [ "$line" = $((i + 1)) ] || [ "$line" = $((i + 2)) ]; }
	ok $? "byte changed in line $((i + 1)): fails at line $line: ${rest#*: }" || diag "$result"
	i=$((i + 1))
done <"$OUT"
cmp -s "$LOG" "$TMP/b0.jsonl"
ok "$([ $? -eq 1 ]; echo $?)" "the tool did change the log"

# Specific reasons.
A=$(line_of action)  # the first action, 1-based
tamper byte $((A - 1)) "$(($(sed -n "${A}p" "$LOG" | grep -bo '"action":"' | cut -d: -f1) + 11))"
fails_with "a changed action" "$T" "line $((A + 1)): \"prev\" is not the hash of line $A: a line was changed, removed or reordered"
expect_not_contains "$OUT" "FAILED: line $A:" "a changed action: its own line is still well formed"
sed "${A}s/\"us\":[0-9]*/\"us\":1/" "$LOG" >"$TMP/us.jsonl"
fails_with "a changed time" "$TMP/us.jsonl" "line $((A + 1)): \"prev\" is not the hash of line $A"
tamper byte $((LINES - 1)) $(($(tail -n 1 "$LOG" | wc -c) - 10))
fails_with "a changed signature" "$T" "line $LINES: the signature does not verify"
sed '1s/"seq":0,/"seq":0 ,/' "$LOG" >"$TMP/space.jsonl"
fails_with "a space added in line 1" "$TMP/space.jsonl" "line 2: \"prev\" is not the hash of line 1"
sed '1s/^{"seq":0,/{/' "$LOG" >"$TMP/noseq.jsonl"
fails_with "no seq" "$TMP/noseq.jsonl" 'line 1: "seq" must be 0'
sed '5s/$/x/' "$LOG" >"$TMP/junk.jsonl"
fails_with "text after a record" "$TMP/junk.jsonl" "line 5: not a valid record: unexpected text after the JSON value"
sed '5s/.*/[1,2]/' "$LOG" >"$TMP/array.jsonl"
fails_with "a line that is not an object" "$TMP/array.jsonl" "line 5: not a valid record: the line is JSON but not an object"
{ head -n 4 "$LOG"; printf '%s\xff%s\n' "$(sed -n '5p' "$LOG" | cut -c1-20)" "$(sed -n '5p' "$LOG" | cut -c22-)"; tail -n +6 "$LOG"; } >"$TMP/utf.jsonl"
fails_with "a line that is not UTF-8" "$TMP/utf.jsonl" "line 5: not a valid record: the line is not valid UTF-8"
sed '2s/"prev":"[0-9a-f]*",//' "$LOG" >"$TMP/noprev.jsonl"
fails_with "no prev" "$TMP/noprev.jsonl" "line 2: \"prev\" is not the hash of line 1"

# Numbers that must be integers are written as integers.
INTEGER="an integer is written without a fraction or an exponent"
sed '5s/^{"seq":4,/{"seq":4.0,/' "$LOG" >"$TMP/seqdot.jsonl"
fails_with "seq written 4.0" "$TMP/seqdot.jsonl" "line 5: \"seq\" is written 4.0: $INTEGER"
sed '5s/^{"seq":4,/{"seq":4e0,/' "$LOG" >"$TMP/seqexp.jsonl"
fails_with "seq written 4e0" "$TMP/seqexp.jsonl" "line 5: \"seq\" is written 4e0: $INTEGER"

# The signature line has one form only: the signature still verifies
# after each of these edits, the line does not.
SIGFORM="the signature line must be exactly {\"seq\":N,\"prev\":...,\"type\":\"signature\",\"key\":...,\"sig\":...}: no other field, no space, these keys in this order"
sed '$s/,"type"/, "type"/' "$LOG" >"$TMP/sigspace.jsonl"
fails_with "a space in the signature line" "$TMP/sigspace.jsonl" "line $LINES: $SIGFORM"
sed '$s/}$/,"note":"x"}/' "$LOG" >"$TMP/sigfield.jsonl"
fails_with "a field added to the signature line" "$TMP/sigfield.jsonl" "line $LINES: $SIGFORM"
sed '$s/$/\r/' "$LOG" >"$TMP/sigcr.jsonl"
fails_with "a carriage return ending the signature line" "$TMP/sigcr.jsonl" "line $LINES: $SIGFORM"
sed -E '$s/("key":"[0-9a-f]*"),("sig":"[0-9a-f]*")/\2,\1/' "$LOG" >"$TMP/sigorder.jsonl"
fails_with "the signature line's keys in another order" "$TMP/sigorder.jsonl" "line $LINES: $SIGFORM"

# --- lines swapped, dropped, cut, added ---------------------------------------------------------
tamper swap $((A - 1)) "$A"
fails_with "two actions swapped" "$T" "line $A: \"seq\" must be $((A - 1))"
tamper swap 2 3
fails_with "two commitments swapped" "$T" 'line 3: "seq" must be 2'
tamper drop 20
fails_with "a line dropped" "$T" 'line 21: "seq" must be 20'
tamper drop 0
fails_with "the header dropped" "$T" 'line 1: "seq" must be 0'
head -n $((LINES - 1)) "$LOG" >"$TMP/nosig.jsonl"
fails_with "the signature dropped" "$TMP/nosig.jsonl" \
	"line $((LINES - 1)): the log is incomplete: it does not end with a signature (the game did not finish, or the log was cut)"
head -n 30 "$LOG" >"$TMP/half.jsonl"
fails_with "the log cut after line 30" "$TMP/half.jsonl" "line 30: the log is incomplete: it does not end with a signature"
head -c $(($(head -n 40 "$LOG" | wc -c) + 25)) "$LOG" >"$TMP/cut.jsonl"
fails_with "the log cut mid-line" "$TMP/cut.jsonl" \
	"line 41: the log ends in the middle of a line: it is incomplete (was the referee stopped?)"
head -c -1 "$LOG" >"$TMP/nonl.jsonl"
fails_with "the last newline cut" "$TMP/nonl.jsonl" "line $LINES: the log ends in the middle of a line"
{ cat "$LOG"; tail -n 1 "$LOG"; } >"$TMP/twice.jsonl"
fails_with "the signature line twice" "$TMP/twice.jsonl" "line $((LINES + 1)): \"seq\" must be $LINES"
: >"$TMP/empty.jsonl"
fails_with "an empty file" "$TMP/empty.jsonl" "line 1: the log is empty"

# --- re-signed with the referee's key: the content must fail ----------------------------------------
tamper resign "$KEY"
cmp -s "$LOG" "$T"
ok $? "logtool re-signs an unchanged log to the very same bytes"

D=$(line_of draw)
VALUE=$(sed -n "${D}s/.*\"value\":\\([0-9]*\\)}.*/\\1/p" "$LOG")
tamper resign "$KEY" sub draw '"value":[0-9]+' "\"value\":$((1 - VALUE))"
fails_with "an edited draw, re-signed" "$T" "line $D: draw 0 is not what the match key gives"
tamper resign "$KEY" sub draw '"m":2' '"m":3'
fails_with "an edited draw range, re-signed" "$T" "line $D: draw 0 is not what the match key gives"
tamper resign "$KEY" drop draw
fails_with "a draw removed, re-signed" "$T" "line $D: the rules drew here (draw 0) but the log has a 'action' record: a draw is missing"
tamper resign "$KEY" dup draw
fails_with "a draw added, re-signed" "$T" "line $((D + 1)): a draw the rules did not ask for"
R=$(line_of reveal)
tamper resign "$KEY" sub reveal '"secret":"[0-9a-f]' '"secret":"x'
fails_with "a secret that is not hex, re-signed" "$T" "line $R: \"secret\" must be 32 bytes of lowercase hex"
SECRET=$(sed -n "${R}s/.*\"secret\":\"\\([0-9a-f]*\\)\".*/\\1/p" "$LOG")
OTHER=$(printf '%s' "$SECRET" | tr 0-9a-f 1-9a-f0)
tamper resign "$KEY" sub reveal "\"secret\":\"$SECRET\"" "\"secret\":\"$OTHER\""
fails_with "a wrong secret, re-signed" "$T" "line $R: the revealed secret does not match the referee's commitment on line 2"
tamper resign "$KEY" sub commit '"commitment":"[0-9a-f]+' \
	"\"commitment\":\"$(sed -n '2s/.*"commitment":"\([0-9a-f]*\)".*/\1/p' "$LOG" | tr 0-9a-f 1-9a-f0)"
fails_with "an edited referee commitment, re-signed" "$T" "line $R: the revealed secret does not match the referee's commitment on line 2"
BR=$(line_of bot-reveal)
CONTRIB=$(sed -n "${BR}s/.*\"contribution\":\"\\([0-9a-f]*\\)\".*/\\1/p" "$LOG")
tamper resign "$KEY" sub bot-reveal "$CONTRIB" "$(printf '%s' "$CONTRIB" | tr 0-9a-f 1-9a-f0)"
fails_with "an edited bot contribution, re-signed" "$T" "line $(line_of begin): seat 0 did not open its commitment, yet it did not forfeit"
tamper resign "$KEY" sub bot-commit '"seat":0' '"seat":1'
fails_with "a seat committing twice, re-signed" "$T" "line 4: seat 1 committed twice"
tamper resign "$KEY" drop bot-reveal
fails_with "a bot reveal removed, re-signed" "$T" "line 6: seat 0 committed, but the log records no reveal of it (its bytes, or null)"
# A forfeit for a reveal that matches: the fault is not real.
tamper resign "$KEY" dup begin sub begin '"type":"begin","game_id":"[0-9a-f]+"' \
	'"type":"forfeit","seat":0,"reason":"fairness","detail":"lock: the reveal does not match the commitment"'
fails_with "a forfeit for a reveal that matches, re-signed" "$T" "line 7: seat 0 forfeits, but its reveal matches its commitment"
tamper resign "$KEY" sub bot-reveal '"contribution":"[0-9a-f]+"' '"contribution":null'
fails_with "a null reveal without a forfeit, re-signed" "$T" "line 7: seat 0 did not open its commitment, yet it did not forfeit"
# A bot's folder (docs/LOGS.md) is in its one form.
tamper resign "$KEY" sub header '"folder":\{"path"' '"folder":{"capped":false,"path"'
fails_with "a folder marked capped: false, re-signed" "$T" \
	'line 1: seat 0: "folder" must have "path", "sha256" (32 bytes of lowercase hex), "files" and "bytes" (integers from 0) and "capped" only as true'
tamper resign "$KEY" sub header '("folder":\{[^}]*"sha256":")[0-9a-f]' '\1X'
fails_with "a folder's hash that is not hex, re-signed" "$T" 'line 1: seat 0: "folder" must have "path", "sha256"'
tamper resign "$KEY" sub $((A - 1)) '"action":' '"action":"A1","action":'
fails_with "a duplicate key, re-signed" "$T" "line $A: not a valid record: duplicate key \"action\""
tamper resign "$KEY" sub $((A - 1)) '"action":"[A-H][1-8]"' '"action":"D4"'
fails_with "an illegal action, re-signed" "$T" "line $A: illegal action by seat "
expect_contains "$OUT" ": D4 is occupied" "an illegal action: the rules say why"
tamper resign "$KEY" sub $((A - 1)) '"seat":[01]' '"seat":7'
fails_with "a seat out of range, re-signed" "$T" "line $A: \"seat\" must be a seat number from 0 to 1"
tamper resign "$KEY" drop $((A - 1))
fails_with "an action removed, re-signed" "$T" "line $A: seat "
expect_contains "$OUT" "acted but it was another seat's turn" "an action removed: the next one is out of turn"
RES=$(line_of result)
tamper resign "$KEY" sub result '"scores":\[[0-9]+,' '"scores":[99,'
fails_with "an edited score, re-signed" "$T" "line $RES: the result is not the one the rules give"
tamper resign "$KEY" drop $((RES - 2))
fails_with "the last action removed, re-signed" "$T" "line $((RES - 1)): a result while the game was still on"
tamper resign "$KEY" sub 0 '"size":8' '"size":6'
run "$REFEREE" verify "$T"
# Some move of an 8x8 game is off a 6x6 board, if none before it is illegal.
ok "$([ "$RC" -eq 1 ] && grep -qE "^$T: FAILED: line [0-9]+: illegal action by seat [01]: " "$OUT"; echo $?)" \
	"an edited option, re-signed: FAILED: line N: illegal action by seat S" || diag_run
tamper resign "$KEY" sub 0 '"first":"random"' '"first":"seat0"'
fails_with "first=seat0 written over a random start, re-signed" "$T" "line $D: a draw the rules did not ask for"
tamper resign "$KEY" sub 0 '"game":"rolit"' '"game":"chess"'
fails_with "an unknown game, re-signed" "$T" "line 1: unknown game 'chess'"
tamper resign "$KEY" sub 0 '"rules":"rolit/2"' '"rules":"rolit/0"'
fails_with "other rules, re-signed" "$T" "line 1: the log names rolit rules \"rolit/0\", which this referee does not know (it verifies version 2, \"rolit/2\"): verify the log with the arena release that wrote it"
tamper resign "$KEY" sub 0 '"format":"arena-log/1"' '"format":"arena-log/2"'
fails_with "another log format, re-signed" "$T" "line 1: unknown log format (this referee reads arena-log/1)"
tamper resign "$KEY" sub begin '"type":"begin"' '"type":"note"'
fails_with "an unknown record, re-signed" "$T" "line $(line_of begin): unexpected 'note' record here"
GID=$(sed -n "$(line_of begin)s/.*\"game_id\":\"\([0-9a-f]*\)\".*/\1/p" "$LOG")
tamper resign "$KEY" sub begin '"game_id":"[0-9a-f]+' "\"game_id\":\"$(printf '%s' "$GID" | tr 0-9a-f 1-9a-f0)"
fails_with "a begin record with another game_id, re-signed" "$T" "line $(line_of begin): \"game_id\" is not the header's"
tamper resign "$KEY" sub begin '"game_id":"[0-9a-f]+' '"game_id":"nothex'
fails_with "a begin record with a game_id not hex, re-signed" "$T" "line $(line_of begin): \"game_id\" must be 16 bytes of lowercase hex"
tamper resign "$KEY" sub draw '"m":2' '"m":2.0'
fails_with "a draw's m written 2.0, re-signed" "$T" "line $D: \"m\" is written 2.0: $INTEGER"
tamper resign "$KEY" sub draw '"d":0' '"d":0E0'
fails_with "a draw's d written 0E0, re-signed" "$T" "line $D: \"d\" is written 0E0: $INTEGER"
tamper resign "$KEY" sub 0 '"move_ms":1000' '"move_ms":1e3'
fails_with "a time written 1e3 in the header, re-signed" "$T" "line 1: \"move_ms\" is written 1e3: $INTEGER"
tamper resign "$KEY" sub $((A - 1)) '"us":[0-9]+' '"us":1.5'
fails_with "a time of 1.5 us, re-signed" "$T" "line $A: \"us\" is written 1.5: it must be an integer"
# An action quotes what the bot sent: a fraction there is the rules' business.
tamper resign "$KEY" sub $((A - 1)) '"action":"[A-H][1-8]"' '"action":[0.5]'
fails_with "an action [0.5], re-signed" "$T" "line $A: illegal action by seat "
tamper resign "$KEY" sub $((A - 1)) '"action":"[A-H][1-8]"' '"action":[1.0]'
fails_with "an action [1.0], re-signed" "$T" "line $A: \"action\" is written 1.0: $INTEGER"

# A seeded run says so, and verify passes it on.
tamper resign "$KEY" sub 0 '"options"' '"seeded":true,"options"'
expect_exit 0 "$REFEREE" verify "$T"
expect_eq "$(cat "$OUT")" "$T: ok: rolit, 2 players, 60 actions, signed by key $PUB, checked against your own key ($KEYDIR/referee.pub); seeded: dice were predictable to whoever knew the seed" \
	"a header with \"seeded\":true: verify says what it means"
tamper resign "$KEY" sub 0 '"options"' '"seeded":false,"options"'
fails_with "\"seeded\":false, re-signed" "$T" "line 1: \"seeded\" is either true or absent"

# The header's players: seat k is the k-th, and what each bot said of
# itself is a bounded label.
tamper resign "$KEY" sub 0 '"seat":1' '"seat":0'
fails_with "seat 0 twice in the header, re-signed" "$T" "line 1: player 2 of \"players\" must have \"seat\": 1 (each seat once, in order)"
tamper resign "$KEY" sub 0 '"seat":1,' ''
fails_with "a player without a seat, re-signed" "$T" "line 1: player 2 of \"players\" must have \"seat\": 1 (each seat once, in order)"
tamper resign "$KEY" sub 0 '"seat":1' '"seat":2'
fails_with "a seat out of range in the header, re-signed" "$T" "line 1: player 2 of \"players\" must have \"seat\": 1 (each seat once, in order)"
tamper resign "$KEY" sub 0 '"reported_name":"random-c"' '"reported_name":"random\\u001b[2Jc"'
fails_with "an escape sequence in a reported name, re-signed" "$T" \
	"line 1: seat 0: \"reported_name\" must not hold a control character (line breaks, escapes, bidirectional marks)"
tamper resign "$KEY" sub 0 '"reported_version":"1"' "\"reported_version\":\"$(printf '%065d' 1)\""
fails_with "a reported version of 65 bytes, re-signed" "$T" "line 1: seat 0: \"reported_version\" must be 1 to 64 bytes long"

# A forfeit in the log: its reason must be one of PROTOCOL.md's.
mkdir "$TMP/f"
FLOG="$TMP/f/game.jsonl"
expect_exit 0 "$REFEREE" play "${SDK[@]}" rolit -o first=seat0 --log "$FLOG" "garbage=$(zoo garbage)" "$C" "$PY"
expect_exit 0 "$REFEREE" verify "$FLOG"
expect_contains "$OUT" "ok: rolit, 3 players" "a log with a forfeit verifies"
FL=$(grep -nF '"type":"forfeit"' "$FLOG" | cut -d: -f1)
SAVED_LOG=$LOG
LOG=$FLOG
tamper resign "$KEY" sub forfeit '"reason":"bad-json"' '"reason":"nope"'
fails_with "an unknown forfeit reason, re-signed" "$T" "line $FL: unknown forfeit reason 'nope'"
# containment: the fallback's, for a bot that undid its stop.
tamper resign "$KEY" sub forfeit '"reason":"bad-json"' '"reason":"containment"'
expect_exit 0 "$REFEREE" verify "$T"
expect_contains "$OUT" "ok: rolit, 3 players" "a forfeit for containment verifies"
tamper resign "$KEY" sub forfeit ',"detail":"[^"]*"' ''
fails_with "a forfeit without a detail, re-signed" "$T" "line $FL: a forfeit record needs a \"detail\" string"
tamper resign "$KEY" drop forfeit
fails_with "a forfeit removed, re-signed" "$T" "line $FL: seat 1 acted but it was another seat's turn"

# A game abandoned for a wrong reveal: no key, no draws, the seat left wins.
mkdir "$TMP/a"
LOG="$TMP/a/game.jsonl"
expect_exit 0 "$REFEREE" play rolit --log "$LOG" "bad-reveal=$(zoo bad-reveal wrong)" "$C"
expect_exit 0 "$REFEREE" verify "$LOG"
expect_contains "$OUT" "ok: rolit, 2 players, 0 actions" "an abandoned game's log verifies"
tamper resign "$KEY" drop forfeit
fails_with "abandoned: the forfeit removed, re-signed" "$T" "line $(($(line_of abandon) - 1)): seat 0 did not open its commitment, yet it did not forfeit"
tamper resign "$KEY" sub forfeit '"reason":"fairness"' '"reason":"timeout"'
fails_with "abandoned: the wrong reveal forfeited as a timeout, re-signed" "$T" \
	"line $(line_of abandon): seat 0 revealed bytes that do not match its commitment: it must forfeit for \"fairness\", not \"timeout\""
$LOGTOOL swap "$LOG" "$TMP/late-reveal.jsonl" "$(($(line_of forfeit) - 1))" "$(($(line_of forfeit) - 2))"
$LOGTOOL resign "$TMP/late-reveal.jsonl" "$TMP/late-reveal-signed.jsonl" "$KEY"
fails_with "abandoned: the reveal after the forfeit, re-signed" "$TMP/late-reveal-signed.jsonl" \
	"line $(line_of forfeit): seat 0 reveals after it left the game"
tamper resign "$KEY" sub abandon '"type":"abandon"' '"type":"begin"'
fails_with "abandoned: begin written for abandon, re-signed" "$T" \
	"line $(line_of abandon): play began without seat 0's reveal: the key must never be formed without it"
tamper resign "$KEY" sub abandon '"game_id":"[0-9a-f]+' '"game_id":"00000000000000000000000000000000'
fails_with "abandoned: another game_id, re-signed" "$T" "line $(line_of abandon): \"game_id\" is not the header's"
LOG=$SAVED_LOG

# --- keys ---------------------------------------------------------------------------------------------
expect_exit 0 "$REFEREE" keygen "$TMP/other"
OTHER_PUB=$(cat "$TMP/other/referee.pub")
expect_exit 1 "$REFEREE" verify --key "$TMP/other/referee.pub" "$LOG"
expect_eq "$(cat "$OUT")" "$LOG: FAILED: line $LINES: signed by key $PUB, not by the key given" "verify with another --key: not by the key given"
expect_exit 0 "$REFEREE" verify --key "$TMP/g/referee.pub" "$LOG"
expect_eq "$(cat "$OUT")" "$LOG: ok: rolit, 2 players, 60 actions, signed by key $PUB, checked against a key you trust" \
	"verify with the right --key: ok, and says the key is trusted"
tamper resign "$TMP/other/referee.key"
expect_exit 0 "$REFEREE" verify "$T"
expect_eq "$(cat "$OUT")" "$T: ok: rolit, 2 players, 60 actions, signed by key $OTHER_PUB, not checked against a key you trust" \
	"a log re-signed by another key verifies without --key, says by whom and that it was not checked"
expect_exit 1 "$REFEREE" verify --key "$TMP/g/referee.pub" "$T"
expect_contains "$OUT" "FAILED: line $LINES: signed by key $OTHER_PUB, not by the key given" \
	"a log re-signed by another key fails against the organiser's key"
sed "\$s/\"key\":\"$PUB\"/\"key\":\"$OTHER_PUB\"/" "$LOG" >"$TMP/swapkey.jsonl"
fails_with "another key written in the signature line" "$TMP/swapkey.jsonl" "line $LINES: the signature does not verify"
expect_exit 2 "$REFEREE" verify --key "$TMP/none.pub" "$LOG"
expect_contains "$ERR" "referee verify: cannot read key file '$TMP/none.pub': No such file or directory" "verify --key of a missing file: exit 2"

# --- exit codes and several logs ----------------------------------------------------------------------
cp "$TMP/g/game.jsonl" "$TMP/copy.jsonl"
expect_exit 0 "$REFEREE" verify "$LOG" "$TMP/copy.jsonl"
expect_eq "$(grep -c ': ok: rolit' "$OUT")" 2 "two good logs: exit 0, two ok lines"
expect_exit 1 "$REFEREE" verify "$LOG" "$TMP/cut.jsonl" "$TMP/copy.jsonl"
expect_eq "$(grep -c ': ok: rolit' "$OUT") $(grep -c ': FAILED: ' "$OUT")" "2 1" "good, bad, good: exit 1, every log reported"
expect_exit 2 "$REFEREE" verify "$LOG" "$TMP/missing.jsonl" "$TMP/cut.jsonl"
expect_contains "$ERR" "$TMP/missing.jsonl: cannot open '$TMP/missing.jsonl': No such file or directory" "a missing log: named on stderr"
expect_eq "$(grep -c ': ok: rolit' "$OUT") $(grep -c ': FAILED: ' "$OUT")" "1 1" "good, missing, bad: exit 2, the others still checked"
mkdir "$TMP/empty"
expect_exit 2 "$REFEREE" verify "$TMP/empty"
expect_eq "$(cat "$ERR")" "$TMP/empty: holds no game log and no run.jsonl" "a folder without logs: exit 2"

# --- a tournament folder as a whole ---------------------------------------------------------------
# fresh NAME: a copy of the finished run in $TMP/NAME, to damage.
cat >"$TMP/t.json" <<JSON
{"name": "whole", "game": "rolit", "options": {"size": 4}, "players": 2, "games": 2,
 "bots": [{"name": "a", "command": "$CBOT $TMP"}, {"name": "b", "command": "$CBOT $TMP"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/run" --concurrency 1
fresh() {
	rm -rf "${TMP:?}/$1"
	cp -r "$TMP/run" "$TMP/$1"
	D="$TMP/$1"
	M="$D/run.jsonl"
}
expect_exit 0 "$REFEREE" verify "$TMP/run"
expect_eq "$(cat "$OUT")" "$TMP/run: ok: a tournament of rolit, 2 games finished, every log there and verified, nothing else; signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" \
	"verify OUTDIR: the manifest, every log, nothing else"
expect_exit 0 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$TMP/run/run.jsonl"
expect_eq "$(cat "$OUT")" "$TMP/run: ok: a tournament of rolit, 2 games finished, every log there and verified, nothing else; signed by key $PUB, checked against a key you trust" \
	"verify run.jsonl: the same, with --key, checked against it"
expect_exit 1 "$REFEREE" verify --key "$TMP/other/referee.pub" "$TMP/run"
expect_eq "$(cat "$OUT")" "$TMP/run/run.jsonl: FAILED: line $(grep -n '"type":"signature"' "$TMP/run/run.jsonl" | head -1 | cut -d: -f1): signed by key $PUB, not by the key given" \
	"verify OUTDIR --key: a manifest signed by another key fails"

# withheld, planted and altered logs: every problem named, in order.
fresh vandal
rm "$D/games/000002.jsonl"
$LOGTOOL resign "$TMP/run/games/000001.jsonl" "$D/games/000007.jsonl" "$TMP/other/referee.key"
cp "$TMP/run/games/000001.jsonl" "$D/games/copy.jsonl"
sed -i 's/"us":[0-9]*/"us":1/' "$D/games/000001.jsonl"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$D/games/000002.jsonl: FAILED: missing: the manifest lists game 2 as finished
$D/games/000001.jsonl: FAILED: altered: its SHA-256 is not the one the manifest lists for game 1
$D/games/000007.jsonl: FAILED: not listed in the manifest: planted, or left there by another run
$D/games/copy.jsonl: FAILED: not listed in the manifest: planted, or left there by another run" \
	"verify OUTDIR: a withheld, an altered and two planted logs, each named"

# A log a resumed run set aside, in games/aborted/ (or in games/ itself,
# where earlier referees put it), is listed by an "aborted" record of the
# manifest (docs/FAIRNESS.md, revision 5; tests/e2e/dealt_again.sh checks
# the listed ones): one that nothing lists is planted, whatever its name.
fresh aside
mkdir "$D/games/aborted"
cp "$D/games/000001.jsonl" "$D/games/aborted/000001.aborted-1.jsonl"
cp "$D/games/000001.jsonl" "$D/games/000002.aborted-1.jsonl"
cp "$D/games/000001.jsonl" "$D/games/000003.aborted-1.jsonl"
cp "$D/games/000001.jsonl" "$D/games/aborted/000003.aborted-1.jsonl"
cp "$D/games/000001.jsonl" "$D/games/aborted/000001.jsonl"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$D/games/000002.aborted-1.jsonl: FAILED: not listed in the manifest: planted, or left there by another run
$D/games/000003.aborted-1.jsonl: FAILED: not listed in the manifest: planted, or left there by another run
$D/games/aborted/000001.aborted-1.jsonl: FAILED: not listed in the manifest: planted, or left there by another run
$D/games/aborted/000001.jsonl: FAILED: not listed in the manifest: planted, or left there by another run
$D/games/aborted/000003.aborted-1.jsonl: FAILED: not listed in the manifest: planted, or left there by another run" \
	"a set-aside log that no aborted record lists, or a log in games/aborted/, is planted"

# The manifest itself: its chain, its one signature, its end.
fresh chain
sed -i '2s/"table":1,/"table":3,/' "$M"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line 3: \"prev\" is not the hash of line 2: a line was changed, removed or reordered" \
	"a changed manifest line breaks the chain"
fresh spaced
sed -i '$s/"sig":/"sig": /' "$M"
expect_exit 1 "$REFEREE" verify "$D"
expect_contains "$OUT" "$M: FAILED: line $(wc -l <"$M"): $SIGFORM" "a signature line not in its canonical form"
fresh unsigned
sed -i '$d' "$M"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: not signed: the tournament has not finished (finish it with --resume)" "an unsigned manifest"
fresh cut
truncate -s -1 "$M"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line $(wc -l <"$TMP/run/run.jsonl"): cut short (no newline): the run was stopped while writing it; finish it with --resume" \
	"a manifest cut short"
# One byte changed in each line of the manifest in turn: each copy fails.
$LOGTOOL bytes "$TMP/run/run.jsonl" "$TMP/mb"
bad=0
for ((i = 0; i < $(wc -l <"$TMP/run/run.jsonl"); i++)); do
	fresh byte
	cp "$TMP/mb$i.jsonl" "$M"
	run "$REFEREE" verify "$D"
	{ [ "$RC" = 1 ] && grep -q "^$M: FAILED: line " "$OUT"; } || { bad=$((bad + 1)); diag_run; }
done
expect_eq "$bad" 0 "a byte changed in any line of the manifest: verify fails and names the line"

# Re-signed with the referee's own key, the records must still hold.
fresh twice
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" dup finished
F=$(grep -n '"type":"finished"' "$M" | sed -n 2p | cut -d: -f1)
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line $F: game 1 is finished twice
$M: FAILED: line $F: game 2 is finished twice" "games finished twice in the manifest"
fresh twice1
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub finished '(\{"game":1,[^{}]*\})' '\1,\1'
F=$(grep -n '"type":"finished"' "$M" | cut -d: -f1)
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line $F: game 1 is finished twice" "a game listed twice in one finished record"
# A bot record (a new version of a bot's entry, after a resume) keeps the
# bot's name.
fresh version
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" dup finished \
	sub finished '"type":"finished".*' '"type":"bot","bot":1,"entry":{"name":"b","command":"./b"}}'
expect_exit 0 "$REFEREE" verify "$D"
fresh renamed
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" dup finished \
	sub finished '"type":"finished".*' '"type":"bot","bot":1,"entry":{"name":"a","command":"./b"}}'
F=$(grep -n '"type":"bot"' "$M" | cut -d: -f1)
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line $F: a bot record needs \"bot\", one of the 2 \"bots\", and its new \"entry\", of the same \"name\"" \
	"a bot record that renames its bot"
fresh ranks   # [2,2]: no result the referee writes
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub finished '"ranks":\[[0-9,]*\]' '"ranks":[2,2]'
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$D/games/000001.jsonl: FAILED: its result is not the ranks the manifest lists for game 1" \
	"ranks in the manifest that are not the log's result"
fresh unstarted
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" drop started drop signature
F=$(grep -n '{"game":1,' "$M" | cut -d: -f1)
G=$(grep -n '{"game":2,' "$M" | cut -d: -f1)
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line $F: game 1 is finished but was never started
$M: FAILED: line $G: game 2 is finished but was never started
$M: FAILED: game 1 of the schedule was never started
$M: FAILED: game 2 of the schedule was never started
$D/games/000001.jsonl: FAILED: not listed in the manifest: planted, or left there by another run
$D/games/000002.jsonl: FAILED: not listed in the manifest: planted, or left there by another run" \
	"games finished but never started, and so their logs unlisted"
# A game the referee dropped after it started (its secrets existed) is
# named, even with its finished entry and its log gone.
fresh dropped
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub finished '\{"game":1,[^{}]*\},' ''
rm "$D/games/000001.jsonl"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: game 1 was started but never finished" \
	"a game started and never finished"
# The replies records must add up to the logs' reply times, bot by bot:
# the ladder reports them from the records.
fresh slowest
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub replies '"max":[0-9]*,' '"max":99999999,'
expect_exit 1 "$REFEREE" verify "$D"
ok "$(grep -qE "^$M: FAILED: its replies records give [a-z] [0-9]+ turns, longest 99999999 us; its logs [0-9]+, longest [0-9]+ us$" "$OUT"; echo $?)" \
	"replies records that claim a longer reply than any log holds" || diag_run
# The same of the CPU time charged (the games are timed by the CPU clock).
fresh slowest-cpu
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub replies '"cpu":\{"turns":([0-9]+),"max":[0-9]+,' '"cpu":{"turns":\1,"max":99999999,'
expect_exit 1 "$REFEREE" verify "$D"
ok "$(grep -qE "^$M: FAILED: its replies records give [a-z] [0-9]+ turns, longest 99999999 us of CPU; its logs [0-9]+, longest [0-9]+ us$" "$OUT"; echo $?)" \
	"replies records that claim a longer CPU time than any log holds" || diag_run
# One reply moved to another bucket: the same turns and longest reply.
fresh moved
"$PYTHON3" - "$TMP/run/run.jsonl" "$TMP/moved.jsonl" <<'PY'
import json, sys
out, moved = [], False
for line in open(sys.argv[1]):
    r = json.loads(line)
    for bot in r.get('bots', []) if r.get('type') == 'replies' else []:
        us = bot['us']
        if not moved and len(us) >= 2:
            us[0][1] -= 1
            us[1][1] += 1
            bot['us'] = [pair for pair in us if pair[1]]
            moved = True
    out.append(json.dumps(r, separators=(',', ':')))
assert moved, "no bot replied in two buckets"
open(sys.argv[2], 'w').write('\n'.join(out) + '\n')
PY
$LOGTOOL resign "$TMP/moved.jsonl" "$M" "$KEY"
expect_exit 1 "$REFEREE" verify "$D"
ok "$(grep -qE "^$M: FAILED: its replies records give ([a-z]) ([0-9]+) turns, longest ([0-9]+) us; its logs \2, longest \3 us, with other times$" "$OUT"; echo $?)" \
	"replies records with a reply in another bucket" || diag_run
fresh layout
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub finished '"ranks":' '"ranks": ' sub finished '"seats":\[' '"seats":[ ' sub started '"games":' '"games" :'
expect_exit 0 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$D: ok: a tournament of rolit, 2 games finished, every log there and verified, nothing else; signed by key $PUB, checked against your own key ($KEYDIR/referee.pub)" \
	"records in another JSON layout read the same"
# bad_finished NAME REGEX REPLACEMENT PROBLEM DESCRIPTION: the finished
# record changed so (and re-signed) fails verify, first with PROBLEM on
# its line.
bad_finished() {
	fresh "$1"
	$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub finished "$2" "$3"
	F=$(grep -n '"type":"finished"' "$M" | head -n 1 | cut -d: -f1)
	expect_exit 1 "$REFEREE" verify "$D"
	expect_eq "$(head -n 1 "$OUT")" "$M: FAILED: line $F: $4" "$5"
}
bad_finished badrank '"ranks":\[[0-9,]*\]' '"ranks":[1,3]' "game 1: a rank outside 1 to 2" \
	"a rank no player can have"
bad_finished badseat '"seats":\[[0-9]*,' '"seats":[7,' 'game 1: seat 0 is bot 7, but "bots" lists 2' \
	"a seat naming no bot of the header"
bad_finished nogames '"games":\[.*\]\}$' '"games":[]}' 'a finished record lists its "games"' \
	"a finished record without games"
bad_finished outside '\{"game":2,' '{"game":3,' "game 3 is not in the schedule (1 to 2)" \
	"a finished game outside the schedule"
# A run of the whole schedule must list every game of it.
fresh unplayed
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$KEY" sub started '"games":\[1,' '"games":[' \
	sub started '"commitments":\["[0-9a-f]*",' '"commitments":[' sub finished '\{"game":1,[^{}]*\},' ''
rm "$D/games/000001.jsonl"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: game 1 of the schedule was never started" "a game of the schedule never started"
# Re-signed with another key: not the organiser's, and not the logs' key.
fresh foreign
$LOGTOOL resign "$TMP/run/run.jsonl" "$M" "$TMP/other/referee.key"
expect_exit 1 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$D"
expect_eq "$(cat "$OUT")" "$M: FAILED: line $(grep -n '"type":"signature"' "$M" | head -1 | cut -d: -f1): signed by key $OTHER_PUB, not by the key given" \
	"a manifest re-signed by another key fails against the organiser's key"
expect_exit 1 "$REFEREE" verify "$D"
expect_eq "$(grep -c "^$D/games/00000[12].jsonl: FAILED: line [0-9]*: signed by key $PUB, not by the key given$" "$OUT")" 2 \
	"... and without --key, its logs are not signed by the manifest's key"

# A folder of logs without a manifest: each log.
expect_exit 0 "$REFEREE" play rolit -o size=4 --games 2 --out "$TMP/bare" "$C" "$C"
expect_exit 0 "$REFEREE" verify "$TMP/bare"
expect_eq "$(grep -c "^$TMP/bare/game-00000[12].jsonl: ok: rolit, 2 players" "$OUT")" 2 "verify FOLDER of play --out: each log"

# --- replay checks as it goes ---------------------------------------------------------------------------
expect_exit 1 "$REFEREE" replay "$TMP/cut.jsonl"
expect_contains "$OUT" "replay stopped: $TMP/cut.jsonl: line 41: the log ends in the middle of a line" "replay of a cut log stops"
tamper resign "$KEY" sub $((A - 1)) '"action":"[A-H][1-8]"' '"action":"D4"'
expect_exit 1 "$REFEREE" replay "$T"
expect_contains "$OUT" "replay stopped: $T: line $A: illegal action by seat " "replay of an illegal action stops there"
expect_not_contains "$OUT" "move 1:" "replay shows no move of a log that fails before it"
expect_exit 2 "$REFEREE" replay "$TMP/missing.jsonl"

assert_no_leftovers
done_testing

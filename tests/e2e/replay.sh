#!/usr/bin/env bash
# End-to-end tests of `referee replay`: the text replay (draws in words
# after the move that made them, events named, --move N), the exact turn
# message a seat was sent (--format message, compared with what a bot
# really read), a log that does not verify, and the HTML replay of each
# game in headless Chromium: the final scores and the number of moves in
# the rendered page, the position at #move=N, a screenshot that is not
# blank.  The browser tests skip where Chromium is not installed.
. "$(dirname "$0")/../tools/lib.sh"

HTMLTOOL="$PYTHON3 $top_srcdir/tests/tools/htmltool.py"

# py LOG EXPR: EXPR evaluated in Python with `records`, the log's records.
py() {
	"$PYTHON3" -c "import json, sys
records = [json.loads(l) for l in open(sys.argv[1])]
actions = [r for r in records if r['type'] == 'action']
result = [r for r in records if r['type'] == 'result'][0]
print($2)" "$1"
}

# untimed FILE: a text replay without the times the bots took.
untimed() {
	sed -E 's/, [0-9.]+ (us|ms)\)$/)/' "$1"
}

# --- the games ----------------------------------------------------------------------
mkdir "$TMP/logs"
L=$TMP/logs
# tee0 keeps a copy of what it reads in $TMP, outside any sandbox's reach.
TEE_BOT="tee0=sh -c 'tee $TMP/in0.txt | exec $CBOT $TMP'"
expect_exit 0 "$REFEREE" play rolit --no-sandbox -o first=seat0 --seed 0a --log "$L/rolit.jsonl" \
	"$TEE_BOT" "$(cbot)"
expect_exit 0 "$REFEREE" play bolo -o target=3000 -o first=seat0 --seed 0b --log "$L/bolo8.jsonl" \
	"$(cbot r1)" "t1=$BOTS/threshold-bot 300 $TMP" "$(cbot r2)" "t2=$BOTS/threshold-bot 600 $TMP" \
	"$(cbot r3)" "t3=$BOTS/threshold-bot 300 $TMP" "$(cbot r4)" "t4=$BOTS/threshold-bot 1000 $TMP"
expect_exit 0 "$REFEREE" play bolo5 -o target=3000 --seed 0c --log "$L/bolo5.jsonl" "$(cbot)" "$(cbot b)"
expect_exit 0 "$REFEREE" play volle-lotte -o target=3000 --seed 0d --log "$L/volle-lotte.jsonl" \
	"$(cbot)" "$(cbot b)" "$(cbot c)"
# first-legal places no pawn on any roll: the game runs to the 200-roll cap.
expect_exit 0 "$REFEREE" play black-pot -o first=seat0 --seed 0e --log "$L/black-pot.jsonl" \
	"f1=$(zoo first-legal)" "f2=$(zoo first-legal)"

# --- text ---------------------------------------------------------------------------
expect_exit 0 "$REFEREE" replay "$L/rolit.jsonl"
expect_contains "$OUT" "Rolit, rules $(py "$L/rolit.jsonl" "records[0]['rules']"), options {\"size\":8,\"first\":\"seat0\"}" \
	"text: the game, rules and options"
expect_contains "$OUT" "play begins: seat 0 starts" "text: the start is named"
expect_contains "$OUT" "move 60: seat 1 (random-c) places a ball on " "text: the last move in words"
expect_contains "$OUT" "the log verifies; signed by key $(cat "$KEYDIR/referee.pub"), checked against your own key ($KEYDIR/referee.pub)" \
	"text: the log verifies, by the user's own key, trusted by default"

# The first "roll" of the bolo game and its dice (the page draws them).
ROLL_MOVE=$(py "$L/bolo8.jsonl" "[i + 1 for i, a in enumerate(actions) if a['action'] == 'roll'][0]")
ROLL_FACES=$(py "$L/bolo8.jsonl" "' '.join(str(f) for f in records[records.index([a for a in actions if a['action'] == 'roll'][0]) + 1]['faces'])")
expect_exit 0 "$REFEREE" replay "$L/bolo8.jsonl"
expect_contains "$OUT" "bolo: seat " "text: a lost turn is named"
grep -qE '^  seat [0-9] banks [0-9]+: score [0-9]+$' "$OUT"
ok $? "text: a bank is named, with the score it makes"
expect_exit 0 "$REFEREE" replay "$L/volle-lotte.jsonl"
expect_contains "$OUT" "draws the card " "volle-lotte text: the cards drawn are named"

# A whole game, exactly (but the times): the bots are deterministic and
# decline the fairness exchange, so the seed makes every draw.  A roll
# that stays on the board is not told again in words, a roll that ends
# the turn is ("rolled: 1"); the Stop card seat 1 drew is named; one die
# is "1 die"; the end is told once, by the board.
expect_exit 0 "$REFEREE" play volle-lotte -o target=1000 -o first=seat0 --seed 02 \
	--log "$L/stop.jsonl" "a=$(zoo last-legal)" "b=$(zoo first-legal)"
expect_exit 0 "$REFEREE" replay "$L/stop.jsonl"
untimed "$OUT" | sed -n '/^play begins/,/^  2\. /p' >"$TMP/stop.txt"
cat >"$TMP/stop.want" <<'EOF'
play begins: seat 0 starts
  the deck of 56 cards is shuffled
scores: 0 0
seat 0 to move, turn total 0, roll 1 2 2 4 5 6, set aside [], card straight


move 1: seat 0 (a) sets aside 1 2 4 5 6 for 0 ({"keep":[1,2,4,5,6]})
scores: 0 0
seat 0 to move, turn total 0, 1 die to roll, set aside [1 2 4 5 6], card straight


move 2: seat 0 (a) rolls 1 die ("roll")
  rolled: 1
  bolo: seat 0 loses the turn and its 0 points
  seat 1 draws a Stop card: its turn is lost at once
  seat 0 draws the card bonus-500
scores: 0 0
seat 0 to move, turn total 0, roll 2 2 3 4 5 6, set aside [], card bonus-500


move 3: seat 0 (a) sets aside 5 for 50 ({"keep":[5]})
scores: 0 0
seat 0 to move, turn total 50, 5 dice to roll, set aside [5], card bonus-500


move 4: seat 0 (a) rolls 5 dice ("roll")
scores: 0 0
seat 0 to move, turn total 50, roll 1 4 4 4 6, set aside [5], card bonus-500


move 5: seat 0 (a) sets aside 1 4 4 4 for 500 ({"keep":[1,4,4,4]})
scores: 0 0
seat 0 to move, turn total 550, 1 die to roll, set aside [1 4 4 4 5], card bonus-500


move 6: seat 0 (a) rolls 1 die ("roll")
  rolled: 4
  bolo: seat 0 loses the turn and its 550 points
  seat 1 draws the card bonus-400
scores: 0 0
seat 1 to move, turn total 0, roll 2 3 3 4 5 6, set aside [], card bonus-400


move 7: seat 1 (b) sets aside 5 for 50 ({"keep":[5]})
scores: 0 0
seat 1 to move, turn total 50, 5 dice to roll, set aside [5], card bonus-400


move 8: seat 1 (b) banks 50 ("bank")
  seat 1 banks 50: score 50
  seat 0 draws the card fireworks
scores: 0 50
seat 0 to move, turn total 0, roll 1 1 2 2 3 4, set aside [], card fireworks


move 9: seat 0 (a) sets aside 1 1 for 200 ({"keep":[1,1]})
scores: 0 50
seat 0 to move, turn total 200, 4 dice to roll, set aside [1 1], card fireworks


move 10: seat 0 (a) rolls 4 dice ("roll")
scores: 0 50
seat 0 to move, turn total 200, roll 1 4 4 4, set aside [1 1], card fireworks


move 11: seat 0 (a) sets aside 1 4 4 4 for 500 ({"keep":[1,4,4,4]})
  Volle Lotte! all six dice set aside on the fireworks card
scores: 0 50
seat 0 to move, turn total 700, 6 dice to roll, set aside [1 1 1 4 4 4], card fireworks


move 12: seat 0 (a) rolls 6 dice ("roll")
scores: 0 50
seat 0 to move, turn total 700, roll 1 1 2 4 5 6, set aside [], card fireworks


move 13: seat 0 (a) sets aside 1 1 5 for 250 ({"keep":[1,1,5]})
scores: 0 50
seat 0 to move, turn total 950, 3 dice to roll, set aside [1 1 5], card fireworks


move 14: seat 0 (a) rolls 3 dice ("roll")
scores: 0 50
seat 0 to move, turn total 950, roll 1 4 6, set aside [1 1 5], card fireworks


move 15: seat 0 (a) sets aside 1 for 100 ({"keep":[1]})
scores: 0 50
seat 0 to move, turn total 1050, 2 dice to roll, set aside [1 1 1 5], card fireworks


move 16: seat 0 (a) rolls 2 dice ("roll")
  rolled: 4 6
  seat 0's turn ends: 1050 scored, score 1050
  seat 1 draws the card bonus-600
  extra turn for the fewest points
scores: 1050 50
seat 1 to move, turn total 0, roll 1 3 5 6 6 6, set aside [], card bonus-600


move 17: seat 1 (b) sets aside 1 for 100 ({"keep":[1]})
scores: 1050 50
seat 1 to move, turn total 100, 5 dice to roll, set aside [1], card bonus-600


move 18: seat 1 (b) banks 100 ("bank")
  seat 1 banks 100: score 150
scores: 1050 150
game over


result:
  1. a (seat 0) 1050
  2. b (seat 1) 150
EOF
ok "$(diff "$TMP/stop.want" "$TMP/stop.txt" >"$TMP/stop.diff"; echo $?)" \
	"volle-lotte text of a seeded game, line by line" || diag "$(cat "$TMP/stop.diff")"
expect_exit 0 "$REFEREE" replay "$L/black-pot.jsonl"
expect_contains "$OUT" "move 400: seat 0 (f1) plays " "black-pot text: 200 rolls, 400 moves"
expect_not_contains "$OUT" "move 401:" "black-pot text: nothing after the 200th roll"

expect_exit 0 "$REFEREE" replay "$L/rolit.jsonl" --move 5
expect_eq "$(grep -c '^move ' "$OUT")" 1 "--move 5 shows one move"
expect_contains "$OUT" "move 5: seat 0 (tee0) places a ball on $(py "$L/rolit.jsonl" "actions[4]['action']")" "--move 5 shows move 5"
expect_contains "$OUT" "  ABCDEFGH" "--move 5 shows the board after it"
expect_exit 0 "$REFEREE" replay "$L/rolit.jsonl" --move 0
expect_contains "$OUT" "play begins: seat 0 starts" "--move 0 is the start"
expect_not_contains "$OUT" "move 1:" "--move 0 shows no move"
expect_exit 2 "$REFEREE" replay "$L/rolit.jsonl" --move 61
expect_contains "$ERR" "referee replay: $L/rolit.jsonl has 60 moves, not 61" "--move past the end says how many moves there are"

# --- the message a seat was sent ------------------------------------------------------
# tee0 is seat 0 and starts: it decides moves 1, 3, 5, ...; its k-th turn
# message is the one of move 2k-1, byte for byte.
for k in 1 3 30; do
	move=$((2 * k - 1))
	expect_exit 0 "$REFEREE" replay "$L/rolit.jsonl" --move "$move" --seat 0 --format message
	grep -F '"type":"turn"' "$TMP/in0.txt" | sed -n "${k}p" >"$TMP/want"
	cmp -s "$OUT" "$TMP/want"
	ok $? "--format message: move $move is exactly what seat 0 read" || diag_run
done
expect_exit 2 "$REFEREE" replay "$L/rolit.jsonl" --move 5 --seat 1 --format message
expect_contains "$ERR" "seat 0 was asked for move 5, not seat 1: only the seat to move is sent a turn message" "--format message names the seat that was asked"
expect_exit 2 "$REFEREE" replay "$L/rolit.jsonl" --move 5 --format message
expect_contains "$ERR" "--format message needs --move N (1 or more) and --seat S" "--format message needs --move and --seat"
expect_exit 2 "$REFEREE" replay "$L/rolit.jsonl" --seat 1
expect_contains "$ERR" "--seat goes with --format message" "--seat alone is refused"

# --- a log that does not verify ------------------------------------------------------
# Move 20 replaced by the square of move 1, which is taken; the log is
# signed again, so what fails is the rules, at that line.
BAD_LINE=$(py "$L/rolit.jsonl" "records.index(actions[19])")
$LOGTOOL resign "$L/rolit.jsonl" "$L/bad.jsonl" "$KEYDIR/referee.key" \
	sub "$BAD_LINE" '"action":"[A-H][1-8]"' "\"action\":\"$(py "$L/rolit.jsonl" "actions[0]['action']")\""
expect_exit 1 "$REFEREE" replay "$L/bad.jsonl"
expect_contains "$ERR" "referee replay: $L/bad.jsonl does not verify: line $((BAD_LINE + 1)): illegal action by seat 1" "a bad log: replay names the failing line"
expect_contains "$OUT" "move 19: seat 0 (tee0)" "a bad log: the moves before the failure are shown"
expect_not_contains "$OUT" "move 20:" "a bad log: nothing after the failure is shown"

# --- whose signature -------------------------------------------------------------------
# A valid signature shows only who holds the key: the text says whether
# the key was the one --key named.  A forger's log, signed again with a
# fresh key, verifies, but not against the organiser's key.
PUB=$(cat "$KEYDIR/referee.pub")
"$REFEREE" keygen "$TMP/forger" >/dev/null
FORGER=$(cat "$TMP/forger/referee.pub")
$LOGTOOL resign "$L/rolit.jsonl" "$L/forged.jsonl" "$TMP/forger/referee.key"
expect_exit 0 "$REFEREE" replay "$L/rolit.jsonl" --key "$KEYDIR/referee.pub"
expect_eq "$(tail -n 1 "$OUT")" "the log verifies; signed by key $PUB, checked against a key you trust" \
	"text --key: the log verifies against the key named"
expect_exit 0 "$REFEREE" replay "$L/forged.jsonl"
expect_eq "$(tail -n 1 "$OUT")" "the log verifies; signed by key $FORGER, not checked against a key you trust" \
	"text: a forged log names the forger's key, not checked"
FORGED_LINES=$(wc -l <"$L/forged.jsonl")
expect_exit 1 "$REFEREE" replay "$L/forged.jsonl" --key "$KEYDIR/referee.pub"
expect_eq "$(tail -n 1 "$OUT")" "replay stopped: $L/forged.jsonl: line $FORGED_LINES: signed by key $FORGER, not by the key given" \
	"text --key: a forged log does not verify against the organiser's key"
expect_exit 2 "$REFEREE" replay "$L/rolit.jsonl" --key "$TMP/none.pub"
expect_contains "$ERR" "referee replay: cannot read key file '$TMP/none.pub'" "--key of a missing file: exit 2"
# The page's data says the same, for the page to draw.
OWN_KEY="checked against your own key ($KEYDIR/referee.pub)"
for case in "rolit trusted --key $KEYDIR/referee.pub" "rolit untrusted" "forged untrusted"; do
	set -- $case
	expect_exit 0 "$REFEREE" replay "$L/$1.jsonl" --format html -o "$L/$1-$2.html" "${@:3}"
	want=$(case $2-$1 in
		trusted-*) echo "True checked against a key you trust" ;;
		untrusted-rolit) echo "True $OWN_KEY" ;;  # the user's own, trusted by default
		*) echo "False not checked against a key you trust" ;;
		esac)
	expect_eq "$($HTMLTOOL "$L/$1-$2.html" data | "$PYTHON3" -c "import json, sys
v = json.load(sys.stdin)['verify']
print(v['trusted'], v['trust'])")" "$want" "html data, $1 $2: $want"
done

# The page draws a game with its family's renderer (referee/report/replay_family.c),
# and a game this referee does not know with none.
$LOGTOOL resign "$L/rolit.jsonl" "$L/unknown.jsonl" "$KEYDIR/referee.key" \
	sub 0 '"game":"rolit"' '"game":"no-such-game"'
for case in "rolit rolit" "bolo8 dice" "bolo5 dice" "volle-lotte dice" "black-pot black-pot" \
	"unknown none"; do
	set -- $case
	"$REFEREE" replay "$L/$1.jsonl" --format html -o "$L/$1-family.html" 2>/dev/null
	expect_eq "$($HTMLTOOL "$L/$1-family.html" data | "$PYTHON3" -c "import json, sys
print(json.load(sys.stdin).get('family', 'none'))")" "$2" "html data, $1: the family $2"
done

# --- HTML in the browser -----------------------------------------------------------------
if [ -z "$BROWSER" ]; then
	ok 0 "HTML replays in Chromium # SKIP chromium is not installed"
	assert_no_leftovers
	done_testing
fi

# check_page GAME: the page of the GAME log has the log's moves and final
# scores once its scripts ran, and loads nothing from elsewhere.
check_page() {
	local log="$L/$1.jsonl" page="$L/$1.html" moves seat
	expect_exit 0 "$REFEREE" replay "$log" --format html -o "$page" --key "$KEYDIR/referee.pub"
	! grep -q -e 'src=' -e 'href=' -e '@import' -e 'url(' "$page"
	ok $? "$1: the page loads no other file"
	dump_dom "file://$page" "$TMP/$1.dom"
	moves=$(py "$log" "len(actions)")
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" count li class~=move)" "$moves" "$1: the move list has the log's $moves moves"
	for seat in $(py "$log" "' '.join(str(s) for s in range(len(result['scores'])))"); do
		expect_eq "$($HTMLTOOL "$TMP/$1.dom" text td "id=result-score-$seat")" \
			"$(py "$log" "result['scores'][$seat]")" "$1: seat $seat's final score"
	done
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" text span id=verify)" "verified" "$1: the page says the log verifies"
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" attr class span id=verify)" "badge ok" "$1: ... with the green badge (--key)"
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" text span id=key)" "$(cat "$KEYDIR/referee.pub")" "$1: the page shows the key"
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" text span id=signer)" \
		"signed by key $(cat "$KEYDIR/referee.pub"), checked against a key you trust" "$1: the page says the key is trusted"
	screenshot "file://$page#move=$((moves / 2))" "$TMP/$1.png"
	[ "$(wc -c <"$TMP/$1.png" 2>/dev/null || echo 0)" -gt 20000 ]
	ok $? "$1: a screenshot of the page is not blank ($(wc -c <"$TMP/$1.png" 2>/dev/null) bytes)"
}

for game in rolit bolo8 bolo5 volle-lotte black-pot; do
	check_page "$game"
done

# at GAME N: the DOM of GAME's page opened at #move=N, into $DOM.
at() {
	DOM="$TMP/$1-$2.dom"
	dump_dom "file://$L/$1.html#move=$2" "$DOM"
	expect_eq "$($HTMLTOOL "$DOM" attr data-move div id=step-info)" "$2" "$1: #move=$2 shows move $2"
}

# Rolit: the ball placed at move 5 is seat 0's (red), ringed, and the balls
# it turned are those the text replay names.
at rolit 5
SQUARE=$(py "$L/rolit.jsonl" "actions[4]['action']")
expect_eq "$($HTMLTOOL "$DOM" attr data-ball g "data-cell=$SQUARE" class~=placed)" "R" "rolit: move 5's ball on $SQUARE is red"
"$REFEREE" replay "$L/rolit.jsonl" --move 5 | grep -o 'turned:.*' | tr ' ' '\n' | grep '^[A-H][1-8]$' | sort >"$TMP/turned-text"
$HTMLTOOL "$DOM" attr data-cell g class~=turned | sort >"$TMP/turned-page"
cmp -s "$TMP/turned-text" "$TMP/turned-page" && [ -s "$TMP/turned-page" ]
ok $? "rolit: the balls marked as turned are the ones move 5 turned ($(tr '\n' ' ' <"$TMP/turned-page"))"
for square in $(tr '\n' ' ' <"$TMP/turned-page"); do
	expect_eq "$($HTMLTOOL "$DOM" attr data-ball g "data-cell=$square")" "R" "rolit: $square is red after move 5"
done

# Bolo, 8 players: the dice of the first roll drawn as dice, 8 scores.
at bolo8 "$ROLL_MOVE"
expect_eq "$($HTMLTOOL "$DOM" attr data-face svg class~=die | head -n "$(echo "$ROLL_FACES" | wc -w)" | tr '\n' ' ' | sed 's/ $//')" \
	"$ROLL_FACES" "bolo: move $ROLL_MOVE's roll is drawn as the dice $ROLL_FACES"
expect_eq "$($HTMLTOOL "$DOM" count td class~=score)" 8 "bolo: the 8 seats' scores"

# Volle Lotte: the card in play at a move is the one the text replay names.
at volle-lotte 10
CARD=$("$REFEREE" replay "$L/volle-lotte.jsonl" --move 10 | grep -o ', card [a-z0-9-]*' | sed 's/, card //')
expect_eq "$($HTMLTOOL "$DOM" text div id=card | grep -o 'card: [a-z0-9-]*')" "card: $CARD" "volle-lotte: the card of move 10 ($CARD)"

# Black-Pot: the cells by kind and the 200th roll; then, in a game of
# random bots, the pawns the first move placed.
at black-pot 400
expect_eq "$($HTMLTOOL "$DOM" count g data-cell)" 109 "black-pot: 109 cells"
expect_eq "$($HTMLTOOL "$DOM" attr data-kind g data-number=13 | sort -u)" "black-pot" "black-pot: the 13s are black-pot cells"
expect_eq "$($HTMLTOOL "$DOM" attr data-kind g data-number=4 | sort -u)" "citron" "black-pot: the 4s are citron cells"
expect_eq "$($HTMLTOOL "$DOM" attr data-kind g data-number=24 | sort -u)" "cerise" "black-pot: the 24s are cerise cells"
expect_contains "$DOM" "roll 200 of at most 200" "black-pot: the last move is on the 200th roll"
expect_exit 0 "$REFEREE" play black-pot -o first=seat0 --seed 0f --log "$L/bp.jsonl" "$(cbot)" "$(cbot b)"
expect_exit 0 "$REFEREE" replay "$L/bp.jsonl" --format html -o "$L/bp.html"
DOM="$TMP/bp.dom"
dump_dom "file://$L/bp.html#move=1" "$DOM"
for cell in $(py "$L/bp.jsonl" "' '.join(actions[0]['action']['cells'])"); do
	expect_eq "$($HTMLTOOL "$DOM" attr data-pawn g "data-cell=$cell" class~=placed)" "ivory" "black-pot: move 1 put an ivory pawn on $cell"
done

# Autoplay from the address, 20 moves a second: after 2 s of the page's
# time (Chromium's virtual time, so load does not matter) it is about 40
# moves on (the page's own start takes a little of that time).
DOM="$TMP/autoplay.dom"
browser --virtual-time-budget=2000 --dump-dom "file://$L/black-pot.html#move=10&play&speed=20" >"$DOM"
AT=$($HTMLTOOL "$DOM" attr data-move div id=step-info)
[ "${AT:-0}" -ge 45 ] && [ "$AT" -le 55 ]
ok $? "autoplay at 20 moves a second: 2 s after move 10 the page shows move $AT (45 to 55)"
expect_eq "$($HTMLTOOL "$DOM" text button id=play)" "pause" "autoplay: the button offers to pause"

# A log that does not verify: the page says so and why.
expect_exit 1 "$REFEREE" replay "$L/bad.jsonl" --format html -o "$L/bad.html"
dump_dom "file://$L/bad.html" "$TMP/bad.dom"
expect_eq "$($HTMLTOOL "$TMP/bad.dom" text span id=verify)" "does not verify" "a bad log's page says it does not verify"
expect_contains "$TMP/bad.dom" "line $((BAD_LINE + 1)): illegal action by seat 1" "a bad log's page names the failure"

# Without --key, a log signed by the user's own default key is green and
# names that key; by another key, the badge is amber and says the key
# was not checked; against the organiser's key, a forged log is red.
dump_dom "file://$L/rolit-untrusted.html" "$TMP/own.dom"
expect_eq "$($HTMLTOOL "$TMP/own.dom" attr class span id=verify) $($HTMLTOOL "$TMP/own.dom" text span id=verify)" \
	"badge ok verified" "without --key, a log of the user's own key: green, verified"
expect_eq "$($HTMLTOOL "$TMP/own.dom" text span id=signer)" "signed by key $PUB, $OWN_KEY" \
	"... and the page says which key it was checked against"
for case in "forged-untrusted $FORGER"; do
	set -- $case
	dump_dom "file://$L/$1.html" "$TMP/$1.dom"
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" text span id=verify)" "not checked against a key you trust" \
		"$1: the badge says the key was not checked"
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" attr class span id=verify)" "badge warn" "$1: ... and is amber, not green"
	expect_eq "$($HTMLTOOL "$TMP/$1.dom" text span id=signer)" "signed by key $2" "$1: the page names the key that signed"
done
expect_exit 1 "$REFEREE" replay "$L/forged.jsonl" --format html -o "$L/forged-trusted.html" --key "$KEYDIR/referee.pub"
dump_dom "file://$L/forged-trusted.html" "$TMP/forged-trusted.dom"
expect_eq "$($HTMLTOOL "$TMP/forged-trusted.dom" attr class span id=verify) $($HTMLTOOL "$TMP/forged-trusted.dom" text span id=verify)" \
	"badge bad does not verify" "a forged log's page made with --key: red, does not verify"
expect_eq "$($HTMLTOOL "$TMP/forged-trusted.dom" text span id=verify-error)" \
	"line $FORGED_LINES: signed by key $FORGER, not by the key given" "... naming the forger's key"

assert_no_leftovers
done_testing

#!/bin/bash
# End-to-end: duplicate sets with `play --duplicate`: the set in each log's
# header, the same dice at the same seat addresses in every game of a set,
# S revealed only when the set is over, every log verified alone and the
# logs of a set together (a missing or foreign member caught), a set cut
# by kill -9, the ladder of the logs counting by set, the SDK bots in a
# set, and the refusals.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

C=$(cbot)
PY="example-py=$PYTHON3 $top_srcdir/bots/examples/bolo.py"

# seat_draws LOG: each seat draw as "seat turn roll faces", one a line.
seat_draws() {
	"$PYTHON3" -c '
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "draw" and "seat" in r:
        print(r["seat"], r["turn"], r["roll"], ",".join(map(str, r["faces"])))
' "$1"
}

# same_dice A B: every address drawn in both logs has the same dice (a roll
# of fewer dice a prefix of one of more); prints how many addresses.
same_dice() {
	"$PYTHON3" -c '
import sys
def read(path):
    d = {}
    for line in open(path):
        s, t, j, faces = line.split()
        d[(s, t, j)] = faces.split(",")
    return d
a, b = read(sys.argv[1]), read(sys.argv[2])
shared = [k for k in a if k in b]
bad = [k for k in shared
       if a[k][:min(len(a[k]), len(b[k]))] != b[k][:min(len(a[k]), len(b[k]))]]
print(len(shared) if not bad else "different at %s" % (bad[0],))
' "$1" "$2"
}

# --- bolo, 2 players, 4 games: two sets -------------------------------------
D=$TMP/dup
expect_exit 0 "$REFEREE" play "${SDK[@]}" bolo --games 4 --duplicate --seed 0102 --out "$D" "$C" "$PY"
expect_not_contains "$OUT" "forfeit:" "the C random bot and the Python example play two sets without a forfeit"
S1=$(sed -n 's/^set 1: games 1 to 2, set_id \([0-9a-f]*\)$/\1/p' "$OUT")
S2=$(sed -n 's/^set 2: games 3 to 4, set_id \([0-9a-f]*\)$/\1/p' "$OUT")
expect_eq "${#S1} ${#S2}" "32 32" "stdout names each set and its games"
G2=$(sed -n 's/^game 2: [0-9]* actions, game_id \([0-9a-f]*\)$/\1/p' "$OUT")
G4=$(sed -n 's/^game 4: [0-9]* actions, game_id \([0-9a-f]*\)$/\1/p' "$OUT")
expect_contains "$D/game-000001.jsonl" "\"game_id\":\"$S1\",\"set\":{\"id\":\"$S1\",\"game\":0,\"of\":2},\"seeded\":true," \
	"game 1: the set's first game, the set's id its game_id"
expect_contains "$D/game-000002.jsonl" "\"game_id\":\"$G2\",\"set\":{\"id\":\"$S1\",\"game\":1,\"of\":2},\"seeded\":true," \
	"game 2: the set's second game, with a game_id of its own"
expect_contains "$D/game-000003.jsonl" "\"game_id\":\"$S2\",\"set\":{\"id\":\"$S2\",\"game\":0,\"of\":2}," \
	"game 3: the second set's first game"
expect_contains "$D/game-000004.jsonl" "\"game_id\":\"$G4\",\"set\":{\"id\":\"$S2\",\"game\":1,\"of\":2}," \
	"game 4: the second set's second game"
[ "$S1" != "$S2" ] && [ "$G2" != "$S1" ] && [ "$G4" != "$S2" ]
ok $? "every set and game has an id of its own"
for g in 1 2 3 4; do
	seat_draws "$D/game-00000$g.jsonl" >"$TMP/draws$g"
done
grep -qE '^\{"seq":[0-9]+,"prev":"[0-9a-f]{64}","type":"draw","seat":1,"turn":0,"roll":0,"kind":"dice","faces":\[[1-6](,[1-6]){6}\],"dealt":[0-9]+\}$' "$D/game-000002.jsonl"
ok $? "a seat draw is logged with its seat, turn and roll in place of d, and the set's count of draws dealt before it"
# The random bots' games differ in length, so the addresses both reach
# do too: 31 to 91 in 40 runs, 20 once in a full suite; more than 10
# shows that many were compared.
N=$(same_dice "$TMP/draws1" "$TMP/draws2")
[ "$N" -gt 10 ] 2>/dev/null
ok $? "set 1: both games deal each seat the same dice at the same addresses ($N shared)"
N=$(same_dice "$TMP/draws3" "$TMP/draws4")
[ "$N" -gt 10 ] 2>/dev/null
ok $? "set 2: both games deal each seat the same dice at the same addresses ($N shared)"
[ "$(head -n 1 "$TMP/draws1")" != "$(head -n 1 "$TMP/draws3")" ]
ok $? "the two sets deal different dice"
TYPES=$(sed 's/.*"type":"\([a-z-]*\)".*/\1/' "$D/game-000002.jsonl" | uniq -c | awk '$2 != "draw" && $2 != "action" {printf "%s%s ", $2, ($1 > 1 ? "*" $1 : "")}')
expect_eq "$TYPES" "header commit bot-commit*2 bot-reveal*2 begin result reveal signature " \
	"a later game's log copies the first game's exchange and ends with S and its signature"
expect_eq "$(sed -n 2,6p "$D/game-000001.jsonl" | cut -d, -f3-)" "$(sed -n 2,6p "$D/game-000002.jsonl" | cut -d, -f3-)" \
	"its exchange is the first game's, with that game's seat numbers"
expect_eq "$(grep -h '"type":"reveal"' "$D/game-000001.jsonl" "$D/game-000002.jsonl" | cut -d, -f3- | uniq | wc -l)" 1 \
	"the games of a set reveal one S"
expect_eq "$(grep -c '"secret"' "$D/example-py.stderr")" 0 "the bots are sent no S"

expect_exit 0 "$REFEREE" verify "$D/game-000002.jsonl"
expect_contains "$OUT" "$D/game-000002.jsonl: ok: bolo, 2 players, " "a later game of a set verifies alone"
expect_contains "$OUT" "; seeded: dice were predictable to whoever knew the seed; game 1 of 2 of set $S1" \
	"verify names the set and the game"
expect_exit 0 "$REFEREE" verify "$D"
expect_eq "$(grep -c ': ok: ' "$OUT") $(wc -l <"$OUT")" "4 4" "verify of the folder: every log ok, both sets whole"
expect_exit 0 "$REFEREE" verify "$D"/game-00000[1234].jsonl
expect_eq "$(grep -c ': ok: ' "$OUT") $(wc -l <"$OUT")" "4 4" "verify of the four logs: ok"

# The ladder of the play's logs, without a manifest, counts each set by
# the set its headers name: its first bot's points x 2 in each set.
expect_exit 0 "$REFEREE" ladder --format crosstable "$D"
LINE=$(grep ' LL ' "$OUT")
WANT=$("$PYTHON3" -c '
import json, sys
first, counts = sys.argv[1], [0] * 5
for logs in (sys.argv[2:4], sys.argv[4:6]):
    points = 0
    for path in logs:
        lines = [json.loads(l) for l in open(path)]
        names = [p["name"] for p in lines[0]["players"]]
        ranks = next(l["ranks"] for l in lines if l["type"] == "result")
        me, other = ranks[names.index(first)], ranks[1 - names.index(first)]
        points += 2 if me < other else 1 if me == other else 0
    counts[points] += 1
print("LL %d LD %d DD/WL %d WD %d WW %d" % tuple(counts))
' "${LINE%% *}" "$D"/game-00000[1234].jsonl)
expect_eq "$(wc -l <<<"$LINE") $(tr -s ' ' <<<"$LINE" | cut -d' ' -f3-)" "1 $WANT" \
	"the ladder of the logs alone shows the pentanomial counts of the two sets"

# A log of a set missing.
mkdir "$TMP/part"
cp "$D"/game-00000[123].jsonl "$TMP/part/"
expect_exit 1 "$REFEREE" verify "$TMP/part"
expect_eq "$(tail -n 1 "$OUT")" "set $S2: FAILED: incomplete: no log of game 1 (of 2, counted from 0) that verifies" \
	"a folder without a log of a set: the set is reported incomplete, naming the game"
expect_eq "$(grep -c ': ok: ' "$OUT")" 3 "the logs there are each ok"

# A die changed in game 1 of set 1: the chain breaks; re-signed, the draw.
LINE=$(grep -n '"type":"draw","seat":0,"turn":0,"roll":0' "$D/game-000002.jsonl" | cut -d: -f1)
sed "${LINE}s/\"faces\":\[\([1-6]\)/\"faces\":[7/" "$D/game-000002.jsonl" >"$TMP/die.jsonl"
expect_exit 1 "$REFEREE" verify "$TMP/die.jsonl"
expect_contains "$OUT" "FAILED: line $((LINE + 1)): \"prev\" is not the hash of line $LINE" "a changed die breaks the chain"
$LOGTOOL resign "$D/game-000002.jsonl" "$TMP/die2.jsonl" "$KEYDIR/referee.key" \
	sub "$((LINE - 1))" '"faces":\[([1-6])' '"faces":[7' >/dev/null
expect_exit 1 "$REFEREE" verify "$TMP/die2.jsonl"
expect_contains "$OUT" "FAILED: line $LINE: seat 0's roll 0 of turn 0 is not what the match key gives" \
	"re-signed with the referee's own key, the die is caught at its address"

# A member of another run of the same seed: the same set id and S, but the
# bots' own randomness differs, so the exchange and every die do.
expect_exit 0 "$REFEREE" play "${SDK[@]}" bolo --games 2 --duplicate --seed 0102 --out "$TMP/again" "$C" "$PY"
mkdir "$TMP/mixed"
cp "$D/game-000001.jsonl" "$TMP/mixed/"
cp "$TMP/again/game-000002.jsonl" "$TMP/mixed/"
expect_exit 1 "$REFEREE" verify "$TMP/mixed"
expect_eq "$(grep -c ': ok: ' "$OUT")" 2 "a foreign member verifies alone"
expect_eq "$(tail -n 1 "$OUT")" "set $S1: FAILED: $TMP/mixed/game-000001.jsonl and $TMP/mixed/game-000002.jsonl disagree on the first game's exchange" \
	"together, the set's logs disagree on the exchange"

# --- kill -9 in the middle of a set --------------------------------------------
# The set's games are played at once: the kill comes when one has ended,
# its log waiting for S, and the other is still on: the slow bot quits
# at once where it sits first.
K=$TMP/killed
timeout 60 "$REFEREE" play "${SDK[@]}" bolo --games 2 --duplicate --out "$K" "$C" \
	"slow=$PYTHON3 $ZOO/slow.py $TMP 100 0" >"$TMP/killed.out" 2>&1 </dev/null &
PID=$!
ended=
for _ in $(seq 1000); do
	ended=$(grep -l '"type":"result"' "$K"/game-00000[12].jsonl 2>/dev/null)
	[ -n "$ended" ] && break
	sleep 0.02
done
pkill -KILL -P "$PID"
wait "$PID" 2>/dev/null
expect_eq "$(wc -w <<<"$ended")" 1 "the kill comes with one game of the set ended, the other on"
expect_exit 1 "$REFEREE" verify "$K"
expect_contains "$OUT" "$ended: FAILED: line " "the set's ended game stays unfinished"
expect_contains "$OUT" "the log is incomplete: it does not end with a signature" "as a game in play is"
expect_eq "$(cat "$K"/game-000*.jsonl | grep -c '"type":"reveal"')" 0 "no log of the cut set reveals S"
expect_eq "$(tail -n 1 "$ended" | sed 's/.*"type":"\([a-z-]*\)".*/\1/')" "result" \
	"the ended game's log ends with its result, waiting for S"

# --- table draws are the set's too: a random Black-Pot layout, an opening ------
# table_draws LOG: the log's table draws (d, what was drawn), one a line,
# without "dealt", which counts over the set.
table_draws() {
	grep '"type":"draw","d":' "$1" | sed 's/^{"seq":[0-9]*,"prev":"[0-9a-f]*",//; s/,"dealt":[0-9]*}$/}/'
}
B=$TMP/black-pot
expect_exit 0 "$REFEREE" play black-pot -o layout=random --games 2 --duplicate --out "$B" "$C" "$C"
expect_eq "$(table_draws "$B/game-000001.jsonl" | grep -c '"kind":"shuffle"')" 1 "black-pot: the layout is drawn"
expect_eq "$(table_draws "$B/game-000001.jsonl" | grep '"kind":"shuffle"')" \
	"$(table_draws "$B/game-000002.jsonl" | grep '"kind":"shuffle"')" \
	"black-pot: both games of a set share the random layout"
R=$TMP/rolit
expect_exit 0 "$REFEREE" play rolit --openings 4 --games 2 --duplicate --out "$R" "$C" "$C"
opening() { grep '"opening":true' "$1" | sed 's/.*"action":\("[A-H][1-8]"\).*/\1/' | tr '\n' ' '; }
expect_eq "$(opening "$R/game-000001.jsonl" | wc -w)" 4 "rolit: the opening has 4 moves"
expect_eq "$(opening "$R/game-000001.jsonl")" "$(opening "$R/game-000002.jsonl")" \
	"rolit: both games of a set open with the same drawn moves"
run "$REFEREE" verify "$B" "$R"
expect_eq "$RC" 0 "both sets verify" || diag_run

# --- refusals -------------------------------------------------------------------
expect_exit 2 "$REFEREE" play bolo --games 3 --duplicate "$C" "$C"
expect_eq "$(cat "$ERR")" "referee play: --duplicate plays sets of 2 games, one for each seating of the 2 bots: --games 3 is not a multiple of 2
(see 'referee play --help')" \
	"--games not a multiple of the bots: refused"
expect_exit 2 "$REFEREE" play bolo --games 2 --duplicate --no-sandbox "$C" "$C"
expect_eq "$(cat "$ERR")" "referee play: --duplicate with --no-sandbox: a bot could read the set's draws (dice, cards, who starts) in the logs of its other games before its own game deals them; add --trusted-bots if you trust the bots not to
(see 'referee play --help')" \
	"--duplicate without the sandbox: refused"
expect_exit 0 "$REFEREE" play bolo --games 2 --duplicate --no-sandbox --trusted-bots --out "$TMP/trusted" "$C" "$C"
expect_exit 0 "$REFEREE" verify "$TMP/trusted"
ok $? "--trusted-bots: the set is played without the sandbox and verifies"

done_testing

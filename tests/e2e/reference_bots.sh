#!/usr/bin/env bash
# The reference search bots, rolit-mcts, rolit-search,
# black-pot-lookahead and black-pot-mcts: they
# pass check-bot; in tournaments at the default time control (2 players,
# and 4: rolit-search's tree search, teams for Black-Pot) nobody forfeits
# and they beat the bundled bots; asked to think longer than the turn
# allows they still answer in time; they refuse bad arguments; and they
# play in the sandbox.
. "$(dirname "$0")/../tools/lib.sh"

# Each run's limit: on a loaded machine the bots' moves last up to eight
# times their CPU on the wall clock (bots/search_clock.c), and a
# tournament of 16 games at the default time control passed 60 s under a
# load of 22 on 2 cores.
RUN_LIMIT=300

RS="$BOTS/rolit-search"
RM="$BOTS/rolit-mcts"
BPL="$BOTS/black-pot-lookahead"
BPM="$BOTS/black-pot-mcts"
GREEDY_BP="$PYTHON3 $top_srcdir/bots/greedy_black_pot.py"

# check-bot runs them in the sandbox, as every verb does by default:
# nothing outside their folder and the system's is needed.
passes rolit "$RS" -o size=6
passes rolit "$RM" -o size=6
passes black-pot "$BPL"
passes black-pot "$BPM"

# outscores LOGS NAME [teams]: whether in the game logs LOGS (a glob) the
# bot NAME scored more in total than each opponent it met did in the same
# games (with "teams", seats 0 and 2 play against 1 and 3); says who did
# not, if any.
outscores() {
	"$PYTHON3" - "$1" "$2" "${3:-}" <<'PY'
import collections, glob, json, sys
mine, theirs = collections.Counter(), collections.Counter()
for path in glob.glob(sys.argv[1]):
    records = [json.loads(line) for line in open(path)]
    names = [p["name"] for p in records[0]["players"]]
    scores = [r["scores"] for r in records if r.get("type") == "result"][0]
    me = names.index(sys.argv[2])
    for seat, name in enumerate(names):
        partner = sys.argv[3] == "teams" and seat % 2 == me % 2
        if seat != me and not partner:
            mine[name] += scores[me]
            theirs[name] += scores[seat]
behind = [f"{n} {theirs[n]} against {mine[n]}" for n in mine if theirs[n] >= mine[n]]
print("; ".join(behind) or ("ahead of every bot" if mine else "no games"))
PY
}

# tournament NAME GAME PLAYERS GAMES OPTIONS BOTS: a gauntlet of the first
# bot (a JSON list of bots, the challenger first) at the default time
# control, which must complete without a forfeit.
tournament() {
	local name=$1 game=$2 players=$3 games=$4 options=$5 bots=$6
	cat >"$TMP/$name.json" <<JSON
{"name": "$name", "game": "$game", "players": $players, "games": $games,
 "options": $options, "format": "gauntlet", "concurrency": 2, "bots": $bots}
JSON
	expect_exit 0 "$REFEREE" tournament "$TMP/$name.json" --out "$TMP/$name"
	expect_eq "$(cat "$TMP/$name"/games/*.jsonl | grep -c '"type":"forfeit"')" 0 \
		"$name: nobody forfeits at the default time control" ||
		grep -h '"type":"forfeit"' "$TMP/$name"/games/*.jsonl | head -n 5 | sed 's/^/# /'
}

tournament rolit2 rolit 2 2 '{"size": 6}' "[
 {\"name\": \"search\", \"command\": \"$RS\", \"challenger\": true},
 {\"name\": \"greedy\", \"command\": \"$BOTS/examples/rolit\"},
 {\"name\": \"random\", \"command\": \"$CBOT\"}]"
expect_eq "$(outscores "$TMP/rolit2/games/*.jsonl" search)" "ahead of every bot" \
	"rolit-search scores more than each bot it meets (2 players)"

tournament rolit4 rolit 4 4 '{}' "[
 {\"name\": \"search\", \"command\": \"$RS\", \"challenger\": true},
 {\"name\": \"greedy\", \"command\": \"$BOTS/examples/rolit\"},
 {\"name\": \"random-1\", \"command\": \"$CBOT\"},
 {\"name\": \"random-2\", \"command\": \"$CBOT\"}]"
expect_eq "$(outscores "$TMP/rolit4/games/*.jsonl" search)" "ahead of every bot" \
	"rolit-search scores more than each bot it meets (4 players)"

# rolit-mcts at 2 and 3 players on 6x6 and at 4 on 8x8, against the
# greedy example and random bots.
for players in 2 3 4; do
	size=$((players < 4 ? 6 : 8))
	bots="{\"name\": \"mcts\", \"command\": \"$RM\", \"challenger\": true},
	 {\"name\": \"greedy\", \"command\": \"$BOTS/examples/rolit\"}"
	for i in $(seq 2 "$players"); do
		bots="$bots, {\"name\": \"random-$i\", \"command\": \"$CBOT\"}"
	done
	tournament "mcts$players" rolit "$players" "$players" "{\"size\": $size}" "[$bots]"
	expect_eq "$(outscores "$TMP/mcts$players/games/*.jsonl" mcts)" "ahead of every bot" \
		"rolit-mcts scores more than each bot it meets ($players players, ${size}x$size)"
done

tournament bp2 black-pot 2 2 '{}' "[
 {\"name\": \"lookahead\", \"command\": \"$BPL\", \"challenger\": true},
 {\"name\": \"greedy\", \"command\": \"$GREEDY_BP\", \"readable\": [\"$top_srcdir/sdk/python\"]},
 {\"name\": \"random\", \"command\": \"$CBOT\"}]"
expect_eq "$(outscores "$TMP/bp2/games/*.jsonl" lookahead)" "ahead of every bot" \
	"black-pot-lookahead scores more than each bot it meets (2 players)"

# Teams: two lookaheads partners (seats 0 and 2, then 1 and 3) against two
# greedy bots, at the default time control.
run "$REFEREE" play "${SDK[@]}" black-pot --games 2 --out "$TMP/teams" \
	"L1=$BPL" "G1=$GREEDY_BP" "L2=$BPL" "G2=$GREEDY_BP"
ok "$([ "$RC" = 0 ] && [ "$(cat "$TMP"/teams/game-*.jsonl | grep -c '"type":"forfeit"')" = 0 ]; echo $?)" \
	"black-pot teams: two games, nobody forfeits" || diag_run
expect_eq "$(outscores "$TMP/teams/game-*.jsonl" L1 teams)" "ahead of every bot" \
	"black-pot-lookahead's team scores more than the greedy team"

# --ms asks for 5 s a move, the referee allows 500 ms: the bots keep to
# the turn's time_left_ms.
run "$REFEREE" play rolit -o size=6 --move-ms 500 --out "$TMP/long-rolit" \
	"S=$RS --ms 5000" "R=$CBOT"
ok "$([ "$RC" = 0 ] && ! grep -q '"type":"forfeit"' "$TMP"/long-rolit/game-*.jsonl; echo $?)" \
	"rolit-search --ms 5000 answers within a move time of 500 ms" || diag_run
run "$REFEREE" play rolit -o size=6 --move-ms 500 --out "$TMP/long-mcts" \
	"M=$RM --ms 5000" "R=$CBOT"
ok "$([ "$RC" = 0 ] && ! grep -q '"type":"forfeit"' "$TMP"/long-mcts/game-*.jsonl; echo $?)" \
	"rolit-mcts --ms 5000 answers within a move time of 500 ms" || diag_run
run "$REFEREE" play black-pot --move-ms 500 --out "$TMP/long-bp" \
	"L=$BPL --ms 5000" "R=$CBOT"
ok "$([ "$RC" = 0 ] && ! grep -q '"type":"forfeit"' "$TMP"/long-bp/game-*.jsonl; echo $?)" \
	"black-pot-lookahead --ms 5000 answers within a move time of 500 ms" || diag_run
run "$REFEREE" play black-pot --move-ms 500 --out "$TMP/long-bpm" \
	"M=$BPM --ms 5000" "R=$CBOT"
ok "$([ "$RC" = 0 ] && ! grep -q '"type":"forfeit"' "$TMP"/long-bpm/game-*.jsonl; echo $?)" \
	"black-pot-mcts --ms 5000 answers within a move time of 500 ms" || diag_run

# Bad arguments: exit 2 and a message that says what to give.
for bot in "$RS" "$RM" "$BPL" "$BPM"; do
	name=${bot##*/}
	expect_exit 2 "$bot" --ms 0
	expect_contains "$ERR" "$name: --ms wants a whole number of milliseconds from 1 to 60000, not \"0\"" \
		"$name --ms 0 is refused"
	expect_exit 2 "$bot" --depth 3
	expect_contains "$ERR" "$name: unknown argument \"--depth\": usage: $name [--ms N]" \
		"$name --depth is refused with the usage"
done

# The ladders of tournaments/reference-*.json as the README runs them:
# each bot in Python or JavaScript starts and plays in the sandbox as its
# entry runs it, the SDK of its language readable to it (a Python bot of
# bots/ sees no ../sdk/python of its own).
if [ "$top_srcdir" -ef "$top_builddir" ]; then
	for file in "$top_srcdir"/tournaments/reference-*.json; do
		for name in $("$PYTHON3" -c 'import json, sys
print(" ".join(b["name"] for b in json.load(open(sys.argv[1]))["bots"]
               if b["command"].split()[0] in ("python3", "node")))' "$file"); do
			run "$REFEREE" check-bot --tournament "$file" "$name" --games 2
			ok "$([ "$RC" = 0 ] && grep -q '^[0-9]* passed, 0 failed$' "$OUT"; echo $?)" \
				"${file##*/}: $name passes check-bot as its entry runs it" || diag_run
		done
	done
else
	ok 0 "the reference ladders' Python and JavaScript bots # SKIP a build outside the source tree: the tournament files name the source tree's bots, whose SDKs are built in the build tree"
fi

done_testing

#!/bin/bash
# End-to-end: a tournament file with "duplicate": true plays each table's
# games as whole duplicate sets of consecutive games, verifies as a folder
# (every set whole), rates a set as one unit in the ladder (from the
# manifest or from the logs alone) with each pair's pentanomial counts,
# plays a set cut by kill -9 again whole on --resume, and is refused
# without the sandbox unless the bots are trusted.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

# write_file FILE [EXTRA]: 3 bots, 2-player bolo to 1000, 4 games a table.
write_file() {
	cat >"$1" <<JSON
{
  "name": "dup",
  "game": "bolo",
  "options": {"target": 1000},
  "players": 2,
  "games": 4,
  "duplicate": true,${2:-}
  "bots": [
    {"name": "a", "command": "$CBOT '$TMP' a"},
    {"name": "b", "command": "$CBOT '$TMP' b"},
    {"name": "c", "command": "${3:-$CBOT '$TMP' c}"}
  ]
}
JSON
}

# sets DIR: "game set.game/of" of every log in DIR/games, one a line.
sets() {
	for log in "$1"/games/[0-9]*.jsonl; do
		printf '%s %s\n' "$(basename "$log" .jsonl)" \
			"$(head -n 1 "$log" | sed 's/.*"set":{"id":"\([0-9a-f]*\)","game":\([0-9]\),"of":\([0-9]\)}.*/\1 \2\/\3/')"
	done
}

write_file "$TMP/d.json"
# The bots play at random on the run's own dice, so one of them may win
# or lose every game of its 4 sets by chance: its rating is then a bound,
# without the interval checked below.  Played again until each has one
# (5 times at most; such a sweep happens in a few runs in a hundred).
for _ in 1 2 3 4 5; do
	rm -rf "$TMP/d"
	"$REFEREE" tournament "$TMP/d.json" --out "$TMP/d" --concurrency 2 >"$TMP/d.out" 2>&1
	rc=$?
	[ "$rc" -eq 0 ] || break
	"$REFEREE" ladder --format json "$TMP/d" | grep -qE '"status":[[:space:]]*"(above|below|unrated)"' || break
done
expect_eq "$rc" 0 "a duplicate tournament plays"
sets "$TMP/d" >"$TMP/sets"
expect_eq "$(cut -d' ' -f3 "$TMP/sets" | tr '\n' ' ')" "0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 " \
	"12 games: six sets, each of two consecutive games"
expect_eq "$(cut -d' ' -f2 "$TMP/sets" | uniq | wc -l) $(cut -d' ' -f2 "$TMP/sets" | sort -u | wc -l)" "6 6" \
	"a set's games share its id, and every set has an id of its own"
expect_exit 0 "$REFEREE" verify "$TMP/d"
expect_contains "$OUT" "$TMP/d: ok: a tournament of bolo, 12 games finished" "the folder verifies, its sets whole"

expect_exit 0 "$REFEREE" ladder --format json "$TMP/d"
cp "$OUT" "$TMP/ladder.json"
# The ci95 of every bot, against tests/tools/ratings_reference.py's sandwich
# grouped by set, computed from the logs.  (Those grouped by game may come
# out the same: at equal ratings, when each pair's sets split their games
# as often as one bot wins both; check_ratings.c has a fixture where they
# differ.)
CHECK=$("$PYTHON3" -c '
import glob, json, sys
sys.path.insert(0, sys.argv[1])
import ratings_reference as ref
names, games, sets = {}, [], []
for path in sorted(glob.glob(sys.argv[2] + "/games/[0-9]*.jsonl")):
    lines = [json.loads(l) for l in open(path)]
    bots = [names.setdefault(p["name"], len(names)) for p in lines[0]["players"]]
    ranks = next(l["ranks"] for l in lines if l["type"] == "result")
    games.append([(b, r, None) for b, r in zip(bots, ranks)])
    sets.append(lines[0]["set"]["id"])
r, naive, sand = ref.fit(games, len(names), sets)
print(" ".join("%.6f" % (1.959963984540054 * sand[i][i] ** 0.5) for i in sorted(range(len(names)), key=lambda i: list(names)[i])))
ladder = json.load(open(sys.argv[3]))["ladder"]
print(" ".join("%.6f" % b["ci95"] for b in sorted(ladder, key=lambda b: b["bot"])))
' "$top_srcdir/tests/tools" "$TMP/d" "$TMP/ladder.json")
expect_eq "$(sed -n 2p <<<"$CHECK")" "$(sed -n 1p <<<"$CHECK")" \
	"the ladder's 95% intervals are the sandwich grouped by set, as computed from the logs"

# The same logs given alone, without the manifest, are grouped by the
# set their headers name: the same intervals.
expect_exit 0 "$REFEREE" ladder --format json "$TMP"/d/games/0*.jsonl
expect_eq "$("$PYTHON3" -c 'import json, sys; print(" ".join("%.6f" % b["ci95"] for b in sorted(json.load(sys.stdin)["ladder"], key=lambda b: b["bot"])))' <"$OUT")" \
	"$(sed -n 1p <<<"$CHECK")" "logs given alone: the 95% intervals grouped by the set each header names"

# The pentanomial counts of each pair's sets, as the crosstable view shows
# them, against those counted from the logs.
expect_exit 0 "$REFEREE" ladder --format crosstable "$TMP/d"
CHECK=$("$PYTHON3" -c '
import glob, json, re, sys
sets = {}
for path in sorted(glob.glob(sys.argv[1] + "/games/[0-9]*.jsonl")):
    lines = [json.loads(l) for l in open(path)]
    names = [p["name"] for p in lines[0]["players"]]
    ranks = next(l["ranks"] for l in lines if l["type"] == "result")
    sets.setdefault(lines[0]["set"]["id"], []).append(dict(zip(names, ranks)))
shown = [l.split() for l in open(sys.argv[2]) if " LL " in l]
for a, b, *counts in shown:
    want = [0] * 5
    for games in sets.values():
        if set(games[0]) == {a, b}:
            want[sum(2 if g[a] < g[b] else 1 if g[a] == g[b] else 0 for g in games)] += 1
    print(" ".join(counts) == "LL %d LD %d DD/WL %d WD %d WW %d" % tuple(want))
print(len(shown))
' "$TMP/d" "$OUT")
expect_eq "$(tr '\n' ' ' <<<"$CHECK")" "True True True 3 " \
	"the crosstable view shows the pentanomial counts of each pair's 2 sets, as counted from the logs"

# kill -9 of the referee in the middle of a set (games 5 and 6, played
# at once: one ended, its log waiting for the set's S, the other under
# way): --resume sets the whole set aside and plays it again.  The bot c
# is slow (300 ms a turn, so that the set's other game lasts seconds
# even when a loaded machine makes the watch below slow), and quits at
# once where it sits first, so that one game of the set ends while the
# other is still under way when the kill comes.
write_file "$TMP/k.json" "" "$(zoo slow 300 0)"
"$REFEREE" tournament "$TMP/k.json" --out "$TMP/k" --concurrency 1 >"$TMP/k.out" 2>"$TMP/k.err" </dev/null &
pid=$!
ended=
for _ in $(seq 2000); do
	ended=$(cd "$TMP/k/games" 2>/dev/null && grep -l '"type":"result"' 000005.jsonl 000006.jsonl 2>/dev/null)
	[ -n "$ended" ] && break
	sleep 0.02
done
kill -9 "$pid"
wait "$pid"
expect_eq "$?" 137 "kill -9 in the middle of a set stops the run"
assert_no_leftovers "kill -9: no worker or bot is left"
expect_eq "$(finished_games "$TMP/k/run.jsonl" | grep -c '^[56]$')" 0 \
	"the cut set's first game, ended, is not finished in the manifest"
# The resumed run plays c's games again at 300 ms a decision: seconds at
# rest, past the usual minute on a loaded machine (four copies of this
# script beside builds, load 6 on 2 cores: 10 of 12 games in 60 s).
RUN_LIMIT=300 expect_exit 0 "$REFEREE" tournament "$TMP/k.json" --out "$TMP/k" --resume --concurrency 2
expect_eq "$(cd "$TMP/k/games/aborted" && ls | tr '\n' ' ')" "000005.aborted-1.jsonl 000006.aborted-1.jsonl " \
	"--resume sets the cut set's logs aside whole, the complete one too"
expect_eq "$(grep -c '"type":"result"' "$TMP/k/games/aborted/${ended%.jsonl}.aborted-1.jsonl")" 1 \
	"... the set's game among them that had ended"
expect_eq "$(finished_games "$TMP/k/run.jsonl" | sort -n | uniq | wc -l)" 12 "--resume finishes every game once"
sets "$TMP/k" >"$TMP/ksets"
expect_eq "$(cut -d' ' -f3 "$TMP/ksets" | tr '\n' ' ')" "0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 " \
	"every set is whole after --resume"
expect_exit 0 "$REFEREE" verify "$TMP/k"
expect_contains "$OUT" "$TMP/k: ok: a tournament of bolo, 12 games finished" "the resumed folder verifies, its sets whole"

# Without the sandbox a duplicate tournament is refused unless the file
# says the bots are trusted.
write_file "$TMP/n.json" '
  "sandbox": false,'
expect_exit 2 "$REFEREE" tournament "$TMP/n.json" --out "$TMP/n"
expect_eq "$(head -n 1 "$ERR")" "referee tournament: $TMP/n.json: \"duplicate\": true without the sandbox: a bot could read the set's draws (dice, cards, who starts) in the logs of its other games before its own game deals them; add \"trusted_bots\": true if you trust the bots not to" \
	"duplicate without the sandbox and without trusted_bots is refused"
write_file "$TMP/t.json" '
  "sandbox": false, "trusted_bots": true,'
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/t"
expect_exit 0 "$REFEREE" verify "$TMP/t"
expect_contains "$OUT" "$TMP/t: ok: a tournament of bolo, 12 games finished" "with \"trusted_bots\": true it runs"

done_testing

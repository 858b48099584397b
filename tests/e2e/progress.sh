#!/usr/bin/env bash
# A tournament's progress on stderr: one live status line on a terminal
# (through a pseudo-terminal), with the top three by score and the leader
# by rating, a line every 5 seconds otherwise, counts
# that continue across --resume, nothing but the ladder with --quiet; and
# what a finished game leaves for the ladder: its forfeits and the bots'
# reply times in the manifest, a line naming it in each bot's stderr file.
. "$(dirname "$0")/../tools/lib.sh"

FIRST="$PYTHON3 $ZOO/first-legal.py $TMP"
LAST="$PYTHON3 $ZOO/last-legal.py $TMP"
PTY="$PYTHON3 $top_srcdir/tests/tools/pty_run.py"

# tournament FILE GAMES CRASHY: first-legal, last-legal and a bot that
# crashes in its CRASHY-th game (counted in files of $TMP, so the runs are
# made with --no-sandbox), one game at a time.
write_file() {
	cat >"$1" <<JSON
{"name": "progress", "game": "rolit", "options": {"size": 6}, "players": 2,
 "games": $2, "concurrency": 1,
 "bots": [{"name": "first", "command": "$FIRST"},
          {"name": "last", "command": "$LAST"},
          {"name": "crashy", "command": "$(zoo crash-in-game "$3")"}]}
JSON
}
# The progress lines of stderr.
progress_lines() {
	grep -E '^[0-9]+/[0-9]+ games, ' "$1"
}

# Not a terminal, a short run: one line at the end.
write_file "$TMP/t.json" 4 2
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$TMP/run"
expect_eq "$(progress_lines "$ERR" | wc -l)" 1 "a run under 5 s prints one progress line"
ok "$(progress_lines "$ERR" | grep -qE '^12/12 games, [0-9.]+/s, 1 forfeit; top: (first|last|crashy) [0-9]+%, (first|last|crashy) [0-9]+%, (first|last|crashy) [0-9]+%; leader: (first|last|crashy) (> |< )?[-+][0-9]+\.[0-9] Elo$'; echo $?)" \
	"the line: done/total, rate, forfeits, top three, leader" || diag "$(cat "$ERR")"
expect_not_contains "$ERR" "ETA" "no time left at the end"
expect_contains "$OUT" "12 games; signed by" "the ladder follows on stdout"
last=$(progress_lines "$ERR" | tail -1)
run "$REFEREE" ladder --format json "$TMP/run"
# Bots tied at the top may come in either order: the status line sums
# the games in the order they finished, the ladder in the order of their
# numbers, and a tie is then broken by the last bits of a float.
expect_eq "$("$PYTHON3" -c 'import json, sys
line = sys.argv[1]
def text(b):
    return "leader: %s %s%+.1f Elo" % (b["bot"], {"above": "> ", "below": "< "}.get(b["status"], ""), b["elo"])
ladder = json.load(sys.stdin)["ladder"]
top = [b for b in ladder if b["status"] == ladder[0]["status"] and abs(b["elo"] - ladder[0]["elo"]) < 1e-6]
print(line if line in map(text, top) else "%s, not one of: %s" % (line, "; ".join(map(text, top))))' "${last##*; }" <"$OUT")" \
	"${last##*; }" "the last line's leader is the ladder's first bot (or one tied with it), with its rating"

# Of two bots, one of which won every game, the ladder fits the winner
# (the more points; not the first name, "forfeiter") and bounds the
# other below it: the leader says so, as the ladder does.
cat >"$TMP/bound.json" <<JSON
{"name": "bound", "game": "rolit", "options": {"size": 6}, "players": 2,
 "games": 2, "concurrency": 1,
 "bots": [{"name": "winner", "command": "$FIRST"},
          {"name": "forfeiter", "command": "$(zoo illegal-move)"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/bound.json" --no-sandbox --out "$TMP/bound"
expect_eq "$(progress_lines "$ERR" | sed 's|, [0-9.]*/s,|, R/s,|')" \
	"2/2 games, R/s, 2 forfeits; top: winner 100%, forfeiter 0%; leader: winner +0.0 Elo" \
	"a leader that won every game: the ladder's reference, as the ladder shows it"
ok "$(grep -qE '^ +1  winner +\+0\.0 +- ' "$OUT"; echo $?)" "... which the ladder shows first" ||
	diag "$(cat "$OUT")"

# The manifest's finished records: each game's seats, log hash and ranks,
# and its forfeits by seat when there are any.
fin() { grep '"type":"finished"' "$TMP/run/run.jsonl" | grep -o "{\"game\":$1,[^{}]*}"; }
expect_eq "$(fin 6 | grep -o '"forfeits":\[[^]]*\]')" '"forfeits":["exit",null]' \
	"a finished game's entry names the seat's forfeit reason"
expect_eq "$(fin 1 | grep -c '"forfeits"')" 0 "a game without forfeits has no forfeits field"
ok "$(fin 1 | grep -qE '^\{"game":1,"seats":\[[0-2],[0-2]\],"sha256":"[0-9a-f]{64}","ranks":\[[12],[12]\]\}$'; echo $?)" \
	"a finished game's entry holds its seats, its log's hash and the ranks, no more" || diag "$(fin 1)"
expect_eq "$(grep '"type":"finished"' "$TMP/run/run.jsonl" | grep -cvE '^\{"seq":[0-9]+,"prev":"[0-9a-f]{64}","type":"finished","games":\[\{"game":[^{}]*\}(,\{"game":[^{}]*\})*\]\}$')" 0 \
	"a finished record is its games' entries, no more"
# replies_match DIR: the "replies" records count, bot by bot, exactly the
# action records of the folder's logs, and the last one is just before
# "complete".
replies_match() {
	"$PYTHON3" - "$1" <<'PY'
import glob, json, sys
d = sys.argv[1]
records = [json.loads(l) for l in open(d + '/run.jsonl')]
names = records[0]['bots']
got, want = {}, {}
for r in records:
    if r.get('type') == 'replies':
        assert 1700000000 < r['at'] < 4000000000, r
        for b in r['bots']:
            got[names[b['bot']]] = got.get(names[b['bot']], 0) + b['turns']
for path in glob.glob(d + '/games/*.jsonl'):
    log = [json.loads(l) for l in open(path)]
    seats = [p['name'] for p in log[0]['players']]
    for r in log:
        if r.get('type') == 'action':
            want[seats[r['seat']]] = want.get(seats[r['seat']], 0) + 1
assert got == want, (got, want)
assert [r['type'] for r in records[-3:]] == ['replies', 'complete', 'signature']
PY
}
replies_match "$TMP/run"
ok $? "the replies records count each bot's turns, as its logs do"
# Each game starts with a line in each bot's stderr file.
expect_eq "$(grep -c $'^\x1e=== arena: game [0-9]* (game_id [0-9a-f]*), seat [01], rolit ===$' \
	"$TMP"/run/stderr/table0002-crashy.stderr)" 4 "a bot's stderr file marks each of its games"
expect_eq "$(grep -A2 'game 6 ' "$TMP"/run/stderr/table0002-crashy.stderr | tail -2 | tr '\n' '|')" \
	$'\x1e'"=== arena: move 1 ===|crash-in-game: giving up in game 2|" \
	"the bot's words follow the mark of their game, after that of the move they came during"

# --quiet: only the ladder.
rm -f "$TMP"/crash-in-game.*
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$TMP/quiet" --quiet
expect_eq "$(grep -v 'created a signing key pair' "$ERR" | grep -cv -- '--no-sandbox: each bot runs with all your rights')" 0 \
	"--quiet prints nothing on stderr but the key's note and the sandbox warning"
expect_contains "$OUT" "12 games; signed by" "--quiet still prints the ladder"

# --resume continues the counts: cut the manifest after game 6's entry
# (the records after its record, the games after it in its record; the
# chain rebuilt, as a run stopped then would leave it) and drop the later
# logs but game 7's, which the resumed run recovers.  (crashy has played
# its second game by now: it crashes no more.)
cp -r "$TMP/run" "$TMP/cut"
"$PYTHON3" - "$TMP/run/run.jsonl" "$TMP/cut.jsonl" <<'PY'
import json, sys
out = []
for line in open(sys.argv[1]):
    r = json.loads(line)
    games = [g["game"] for g in r.get("games", [])] if r["type"] == "finished" else []
    if 6 in games:
        r["games"] = r["games"][:games.index(6) + 1]
        line = json.dumps(r, separators=(",", ":")) + "\n"
    out.append(line)
    if 6 in games:
        break
open(sys.argv[2], "w").write("".join(out))
PY
$LOGTOOL rechain "$TMP/cut.jsonl" "$TMP/cut/run.jsonl"
for n in 8 9 10 11 12; do rm "$TMP/cut/games/0000$(printf %02d $n).jsonl"; done
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$TMP/cut" --resume
ok "$(progress_lines "$ERR" | grep -qE '^12/12 games, [0-9.]+/s, 1 forfeit; top: '; echo $?)" \
	"after --resume the count and the forfeits include the earlier run's" || diag "$(cat "$ERR")"
expect_contains "$TMP/cut/run.jsonl" '{"game":7,' "the stopped run's game 7 is recovered from its log"
expect_contains "$TMP/cut/run.jsonl" '"recovered":true' "... and says so"
replies_match "$TMP/cut"
ok $? "after --resume the replies records still count every turn once: the earlier run's unreported games' from their logs"

# Not a terminal, a longer run (slow bots): a line every 5 seconds.
cat >"$TMP/slow.json" <<JSON
{"name": "slow", "game": "rolit", "options": {"size": 6}, "players": 2,
 "games": 6, "concurrency": 1,
 "bots": [{"name": "a", "command": "$(zoo slow 80)"}, {"name": "b", "command": "$(zoo slow 80)"}]}
JSON
expect_exit 0 "$REFEREE" tournament "$TMP/slow.json" --out "$TMP/slow"
lines=$(progress_lines "$ERR" | wc -l)
ok "$([ "$lines" -ge 2 ] && [ "$lines" -le 4 ]; echo $?)" "an 11 s run prints a line every 5 s and one at the end ($lines)" ||
	diag "$(cat "$ERR")"
ok "$(progress_lines "$ERR" | head -1 | grep -qE '^[1-5]/6 games, [0-9.]+/s, ETA [0-9]+s, 0 forfeits; top: [ab] [0-9]+%, [ab] [0-9]+%; leader: [ab] (> |< )?[-+][0-9]+\.[0-9] Elo$'; echo $?)" \
	"a line before the end gives the time left" || diag "$(cat "$ERR")"

# On a terminal: one status line rewritten in place, ended by a newline.
rm -f "$TMP"/crash-in-game.*
run $PTY -- "$REFEREE" tournament "$TMP/t.json" --no-sandbox --out "$TMP/tty"
expect_eq "$RC" 0 "the run on a terminal succeeds"
status=$(grep -a 'games, ' "$OUT" | head -1)
expect_eq "$(printf '%s' "$status" | grep -o $'\r[0-9]*/12 games' | tr -d '\r' | tr '\n' ' ')" \
	"1/12 games 2/12 games 3/12 games 4/12 games 5/12 games 6/12 games 7/12 games 8/12 games 9/12 games 10/12 games 11/12 games 12/12 games 12/12 games " \
	"on a terminal each game rewrites one line"
expect_eq "$(grep -ac 'games, ' "$OUT")" 1 "the status line stays one line"
expect_contains "$OUT" $'\033[K' "each update clears the rest of the line"
expect_contains "$OUT" "12 games; signed by" "the ladder follows"

assert_no_leftovers
done_testing

#!/usr/bin/env bash
# The league's workers shared by wall time (docs/LEAGUE.md, "The policy",
# 6), as an attacker would try them: a bot asleep within its clock (3 s
# at hello, 0.2 s a move, no CPU) among three quick ones on 2 workers.
# The quick bots' sets keep being played (their games in a window,
# against the sleeper's), the sleeper still plays (in one lane, a set a
# task), and a bot added while it plays has its first game within
# seconds, not behind a task of 24 slow sets.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
bot() { mkdir -p "$TMP/$1" && cp "$CBOT" "$TMP/$1/bot" && echo "$TMP/$1/bot $TMP"; }
games_of() { league_games_of "$L" "$1"; }
quick_games() { echo $(( ($(games_of q1) + $(games_of q2) + $(games_of q3) - $(games_of sleeper)) / 2 )); }

"$REFEREE" league init "$L" --game rolit -o size=6 >/dev/null
for b in q1 q2 q3; do
	"$REFEREE" league add "$L" "$b" $(bot "$b") >/dev/null
done
expect_exit 0 "$REFEREE" league add "$L" sleeper $(zoo sleeper 3000 200)

"$REFEREE" league run "$L" --for 30s --concurrency 2 >"$TMP/run.out" 2>"$TMP/run.err" &
runner=$!
sleep 4
quick0=$(quick_games) sleeper0=$(games_of sleeper)
sleep 8
quick=$(($(quick_games) - quick0)) slept=$(($(games_of sleeper) - sleeper0))
diag "from 4 s to 12 s: $quick games between the quick bots, $slept of the sleeper's"
expect_eq "$([ "$quick" -ge 20 ]; echo $?)" 0 "the quick bots keep playing beside the sleeper: $quick games in 8 s"
expect_eq "$([ "$quick" -ge $((4 * slept)) ]; echo $?)" 0 "... over four times the sleeper's $slept"

# A bot added while the sleeper plays: its first game within seconds.
expect_exit 0 "$REFEREE" league add "$L" n $(bot n)
took=$(league_wait_games "$L" n 1)
diag "n's first game $took ms after it was added"
expect_eq "$([ "$(games_of n)" -gt 0 ]; echo $?)" 0 "a bot added beside the sleeper plays"
expect_lt "$took" 30000 "... its first game within 30 s"
wait "$runner"
expect_eq "$?" 0 "the run ends at its time"
expect_eq "$(grep -cx "referee league: the league's bots changed: a new run seats them" "$TMP/run.err")" 1 \
	"... the new bot seated by a new run"
expect_eq "$([ "$(games_of sleeper)" -ge 2 ]; echo $?)" 0 "the sleeper plays too: $(games_of sleeper) games"
# Each task seating the sleeper holds one set: the first its measure,
# the others as many as its sets play in 10 s.
"$PYTHON3" - "$L"/runs/*/run.jsonl >"$TMP/tasks" <<'PY'
import json, sys
for path in sys.argv[1:]:
    for line in open(path):
        r = json.loads(line)
        if r.get("type") == "started" and any(s.get("name") == "sleeper" for s in r.get("seats", [])):
            print(len(r["games"]))
PY
expect_eq "$(sort -u "$TMP/tasks")" "2" "the sleeper's tasks hold one set of 2 games each"
expect_exit 0 "$REFEREE" verify "$L"
assert_no_leftovers
done_testing

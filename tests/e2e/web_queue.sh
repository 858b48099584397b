#!/usr/bin/env bash
# A served league waiting for its players, then a newcomer's wait
# (docs/LEAGUE-SERVER.md, "The server"; LEAGUE-LADDER.md, "The ladder"):
# with one bot the server starts no player and says so once, with the
# time, not every 5 s; an upload brings the second bot, said once, and
# plays within seconds of its acceptance; versions waiting for their first
# game are queued in the order they came, which is the order they play.
# As root the league is nobody's and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
league_of alice
serve "${SERVE_AS[@]}" -- "$L" --uploads-per-minute 1000
stamp='[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z'
# Three tries of the player's 5 s apart.
sleep 12
expect_eq "$(grep -cE "^$stamp waiting: 1 active bot, and a game needs 2 \(an upload or 'referee league add' brings one\)$" "$TMP/serve.out") $(grep -c . "$TMP/serve.out")" \
	"1 2" "one bot: the server says once, with the time, that it waits for a second (after its address)"
expect_eq "$(grep -c "active bot" "$TMP/serve.err")" 0 "... and no player's usage message on its stderr"
expect_eq "$(code /api/status) $(json 'd["runs"], d["cores"]')" "200 0 $(nproc)" \
	"... no run begun, its next run's workers one a core"

bot_archive mine
expect_eq "$(post "$alice" mine "$TMP/mine.tgz")" "202 accepted" "a second bot uploaded: accepted"
accepted=$(now_ms)
for _ in $(seq 300); do
	[ "$(league_games_of "$L" mine)" -gt 0 ] && break
	sleep 0.1
done
took=$(($(now_ms) - accepted))
expect_eq "$([ "$(league_games_of "$L" mine)" -gt 0 ]; echo $?)" 0 "... it has games, its first $took ms after its acceptance"
expect_lt "$took" 15000 "... within 15 s (the player's next try, 5 s at most, and a set)"
expect_eq "$(grep -cE "^$stamp 2 active bots: playing$" "$TMP/serve.out")" 1 "the server says once that it plays"
stop

# Versions without a game wait in the order they came, whatever their
# names: the queue the ladder shows is the order the picker seats them.
for b in zed amy; do
	mkdir "$TMP/$b" && bot_into "$TMP/$b"
	"${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot" "$TMP" >/dev/null
done
queue() { "${LEAGUE[@]}" ladder "$L" --format json | "$PYTHON3" -c 'import json, sys
print(" ".join("%s:%s" % (r["name"], r["waiting"]) for r in json.load(sys.stdin)["ladder"] if "waiting" in r))'; }
expect_eq "$(queue)" "zed:1 amy:2" "the ladder: zed, uploaded first, 1st in the queue, amy 2nd"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1 --batch 1
expect_eq "$(league_games_of "$L" zed)" 2 "... and the first set seats zed (its opponent drawn)"

assert_no_leftovers
done_testing

#!/bin/bash
# The league server keeps its fit (docs/LEAGUE-SERVER.md, "The server"): the
# ladder it serves is the bytes `league ladder --format json --versions`
# prints of the same index; no request fits the season again (the
# server's CPU for 300 requests of the ladder, a bot and the status, at
# 1,000 games, is under a second: it was 2.5 s when each request
# fitted); games played while it serves are on its ladder within its lag,
# a bot added at once; and a bot's ratings over time, whose points it
# keeps from view to view, are those a server started afresh fits.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user

L=$TMP/league
for b in a b c; do
	mkdir "$TMP/$b"
	bot_into "$TMP/$b"
done
expect_exit 0 "${LEAGUE[@]}" init "$L" --game rolit -o size=6
for b in a b c; do
	expect_exit 0 "${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot" "$TMP"
done
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 1000 --concurrency 2

# ladder_now: the ladder `league ladder` prints of the index now, in
# $TMP/cli.json.
ladder_now() { "${LEAGUE[@]}" ladder "$L" --format json --versions >"$TMP/cli.json"; }

serve "${SERVE_AS[@]}" -- "$L" --no-play
ladder_now
expect_eq "$(code /api/ladder)" 200 "GET /api/ladder: 200"
expect_exit 0 cmp "$TMP/body" "$TMP/cli.json"
expect_eq "$(json 'd["games"]')" 1000 "... the ladder of the 1,000 games, the bytes league ladder prints"

# The server's CPU (user and system, in clock ticks) so far.
cpu() { awk '{ print $14 + $15 }' "/proc/$SERVER/stat"; }
ticks=$(getconf CLK_TCK)
before=$(cpu)
for _ in $(seq 100); do
	for path in /api/ladder /api/bots/a /api/status; do
		curl -sf -o /dev/null "$URL$path" || echo "$path failed"
	done
done >"$TMP/failed"
used=$(( ($(cpu) - before) * 1000 / ticks ))
expect_eq "$(cat "$TMP/failed")" "" "300 requests of the ladder, a bot and the status: each answered"
expect_lt "$used" 1000 "... in under a second of the server's CPU (ms), no request fitting the season"

# Games played while it serves: on its ladder within its lag (at most
# 1 s and two fits of some milliseconds; 10 s allowed a loaded machine).
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 200 --concurrency 2
ladder_now
waited=
for i in $(seq 100); do
	code /api/ladder >/dev/null
	cmp -s "$TMP/body" "$TMP/cli.json" && { waited=$i; break; }
	sleep 0.1
done
expect_eq "$(json 'd["games"]') ${waited:+caught up}" "1200 caught up" \
	"200 games played while it serves: its ladder is league ladder's within 10 s"
diag "the ladder was the index's after ${waited:-more than 100} tenths of a second"

# A bot added while it serves: on its ladder at the next request (the
# server makes its view at once when the versions changed).
mkdir "$TMP/d"
bot_into "$TMP/d"
expect_exit 0 "${LEAGUE[@]}" add "$L" d "$TMP/d/bot" "$TMP"
code /api/ladder >/dev/null
expect_eq "$(json '[(r["name"], r["games"]) for r in d["ladder"] if r["name"] == "d"]')" "[('d', 0)]" \
	"a bot added while it serves: on its ladder at once"
code /api/status >/dev/null
expect_eq "$(json 'd["bots"], d["versions"]')" "4 4" "... and counted by its status"

code /api/bots/a >/dev/null
json 'json.dumps(d["history"])' >"$TMP/kept.json"
expect_eq "$(json '[p["games"] for p in d["history"] if p["version"] == 1]')" \
	"[64, 128, 192, 256, 320, 384, 448, 512, 576, 640, 704, 768, 832, 896, 960, 1024, 1088, 1152, 1200]" \
	"its rating over time: every 64 games of 1,200, and the last"
stop
serve "${SERVE_AS[@]}" -- "$L" --no-play
code /api/bots/a >/dev/null
json 'json.dumps(d["history"])' >"$TMP/fresh.json"
expect_exit 0 cmp "$TMP/kept.json" "$TMP/fresh.json"
stop
done_testing

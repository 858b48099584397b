#!/usr/bin/env bash
# Pre-flights bounded in wall time and shared between users
# (docs/LEAGUE-SERVER.md, "Users and uploads"), as an attacker would try them:
# mallory uploads two bots that pass slowly (asleep 2 s at hello and
# 0.5 s a move, within the clock), then alice uploads a quick one.
# Alice's is checked at once beside mallory's first (a user's uploads
# one at a time), mallory's first is cut at the bound (12 s here) with
# the exact message, and reads answer meanwhile.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
league_of alice mallory
mkdir -m 0777 "$TMP/server-tmp"
serve "${SERVE_AS[@]}" env TMPDIR="$TMP/server-tmp" -- "$L" --no-play --uploads-per-minute 1000 \
	--preflight-seconds 12

mkdir "$TMP/slow"
cp "$ZOO/sleeper.py" "$ZOO/zoo.py" "$TMP/slow/"
echo "{\"command\": \"$AS_PYTHON3 ./sleeper.py . 2000 500\"}" >"$TMP/slow/bot.json"
tar -czf "$TMP/slow.tgz" -C "$TMP/slow" .
bot_archive good

began=$(date +%s%N)
expect_eq "$(send "$mallory" slow1 "$TMP/slow.tgz")" 202 "mallory's first slow upload: 202"
slow1=$(json 'd["status"]')
expect_eq "$(send "$mallory" slow2 "$TMP/slow.tgz")" 202 "... her second: 202"
slow2=$(json 'd["status"]')
expect_eq "$(send "$alice" good "$TMP/good.tgz")" 202 "alice's quick upload after them: 202"
expect_eq "$(answer "$alice")" accepted "... accepted"
took=$((($(date +%s%N) - began) / 1000000))
expect_lt "$took" 12000 "... before mallory's first is cut: checked beside it, not behind her two"
code "$slow2" -H "Authorization: Bearer $mallory" >/dev/null
expect_eq "$(json 'd["state"]')" queued "mallory's second waits behind her first"
expect_eq "$(slow_reads 10)" 0 "... while 10 GET /api/status each answer under 100 ms"
expect_eq "$(answer "$mallory" "$slow1")" refused "mallory's first: refused at the bound"
cut=$((($(date +%s%N) - began) / 1000000))
diag "alice's accepted after $took ms, mallory's first cut after $cut ms"
expect_eq "$(json 'd["error"]')" \
	"the bot's pre-flight took more than the server's 12 s and was stopped: make its hello and its moves answer sooner, then upload it again" \
	"... saying why"
expect_eq "$([ "$cut" -ge 12000 ] && [ "$cut" -lt 20000 ]; echo $?)" 0 "... after 12 s, within a few more: $cut ms"
expect_eq "$(ls "$L/uploads" | grep -c '^slow1$')" 0 "... its folder removed"
expect_eq "$(ls "$L/stderr" | grep -c '^preflight-slow1')" 0 "... and nothing of its pre-flight kept"
code "$slow2" -H "Authorization: Bearer $mallory" >/dev/null
expect_eq "$(json 'd["state"]')" checking "her second is checked once her first is done"
stop
expect_exit 0 "${LEAGUE[@]}" ladder "$L"
expect_contains "$OUT" "good" "alice's bot is in the league"
done_testing

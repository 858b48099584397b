#!/usr/bin/env bash
# A bot uploaded to a served league that is playing plays without a
# restart (docs/LEAGUE.md, "A run"): the server's player, busy with two
# bots, ends its run at its next pick and starts one that seats the new
# bot, which has games within 60 s of its upload; so has its owner's next
# version, uploaded while the league plays on.  As root the league is
# nobody's and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
league_of_two
expect_exit 0 "${LEAGUE[@]}" user add "$L" alice --porcelain
alice=$(cat "$OUT")
serve "${SERVE_AS[@]}" -- "$L" --uploads-per-minute 1000

# games NAME VERSION: the games of version VERSION of bot NAME, by the API.
games() {
	code "/api/bots/$1" >/dev/null
	json "sum(v['games'] for v in d['versions'] if v['version'] == $2)"
}
# within SECONDS NAME VERSION: seconds until that version has a game, or
# "none" after SECONDS.
within() {
	local start=$SECONDS
	while [ $((SECONDS - start)) -lt "$1" ]; do
		[ "$(games "$2" "$3" 2>/dev/null)" -gt 0 ] 2>/dev/null && { echo $((SECONDS - start)); return; }
		sleep 0.5
	done
	echo none
}
for _ in $(seq 600); do
	code /api/status >/dev/null
	[ "$(json 'd["games"]')" -gt 20 ] && break
	sleep 0.1
done
expect_eq "$(json 'd["games"] > 20 and d["open_runs"] == 1')" True "the server plays: a run open, games finished"

mkdir "$TMP/mine"
bot_into "$TMP/mine"
echo '{"command": "./bot"}' >"$TMP/mine/bot.json"
tar -czf "$TMP/mine.tgz" -C "$TMP/mine" .
expect_eq "$(post "$alice" mine "$TMP/mine.tgz")" "202 accepted" "a new bot uploaded to the playing league: accepted"
took=$(within 60 mine 1)
ok "$([ "$took" != none ]; echo $?)" "... and it has games within 60 s, without a restart (its first after ${took} s)"

printf v2 >>"$TMP/mine/bot"
tar -czf "$TMP/mine2.tgz" -C "$TMP/mine" .
expect_eq "$(post "$alice" mine "$TMP/mine2.tgz")" "202 accepted" "its owner's next version, uploaded while it plays: accepted"
took=$(within 60 mine 2)
ok "$([ "$took" != none ]; echo $?)" "... and v2 has games within 60 s (its first after ${took} s)"
expect_eq "$(grep -c "the league's bots changed: a new run seats them" "$TMP/serve.err")" 2 \
	"the player said twice that a new run seats the changed bots"
stop
expect_exit 0 "$REFEREE" verify "$L"

done_testing

#!/usr/bin/env bash
# A league that rests (docs/LEAGUE.md, "Rest"): once every active
# version's interval is within the run's target, `league run` plays only
# its trickle of sets, and `league status` says so; a bot added brings
# full speed back at once, and the new bot its games; a run with --games
# plays its count at full speed; the options' refusals; the server's
# player rests too, GET /api/status saying so.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
# Each bot a copy of random-bot in a folder of its own.
bot() { mkdir -p "$TMP/$1" && cp "$CBOT" "$TMP/$1/bot" && echo "$TMP/$1/bot $TMP"; }
games() { "$REFEREE" league status "$L" | sed -n 's/^runs: [0-9]*; games: \([0-9]*\) in .*/\1/p'; }
pace() { "$REFEREE" league status "$L" | sed -n 's/^pace: //p' | sed 's/widest +\/- [0-9]*, [a-z0-9._-]*-v[0-9]*/widest +\/- N, NAME/'; }
games_of() { league_games_of "$L" "$1"; }

"$REFEREE" league init "$L" --game rolit -o size=6 >/dev/null
for b in a b c; do
	"$REFEREE" league add "$L" "$b" $(bot "$b") >/dev/null
done
expect_eq "$(pace)" "" "status: no pace without a run"

# A target of +/- 400 Elo settles three random bots at the first refit;
# the trickle, 30 sets a minute, is a set of two games every 2 s.
"$REFEREE" league run "$L" --for 120s --concurrency 2 --rest-interval 400 --trickle 30 \
	>"$TMP/run.out" 2>"$TMP/run.err" &
runner=$!
for _ in $(seq 600); do
	[ "$(pace | cut -c1-8)" = "resting:" ] && break
	sleep 0.1
done
expect_eq "$(pace)" "resting: every active version's 95% interval is within +/- 400 Elo (the widest +/- N, NAME), so 30 sets a minute until a version arrives or an interval widens" \
	"status: resting, and why"
expect_eq "$(cat "$L/pace.json" | "$PYTHON3" -c 'import json, sys; d = json.load(sys.stdin); print(d["resting"], d["interval"], d["trickle"])')" \
	"True 400 30" "pace.json: what the run plays at"
# A pace.json that is not one (cut, or written by hand): no pace said,
# nothing else changed.
cp "$L/pace.json" "$TMP/pace.json"
printf '{"resting":"yes' >"$L/pace.json"
expect_exit 0 "$REFEREE" league status "$L"
expect_eq "$(grep -c '^pace:' "$OUT") $(sed -n 2p "$OUT")" "0 bots: 3 (0 retired); versions: 3" "status: a pace.json that is not one, not said"
cp "$TMP/pace.json" "$L/pace.json"
rested=$(games)
expect_eq "$([ "$rested" -ge 96 ]; echo $?)" 0 "full speed until the first refit: $rested games (2 tasks of 24 sets)"
# The tasks in flight at the refit end first (at most a set a 2 s after).
for _ in $(seq 15); do
	before=$(games)
	sleep 2
	[ $(($(games) - before)) -le 4 ] && break
done
before=$(games)
sleep 6
trickled=$(($(games) - before))
diag "resting: $rested games at the refit, $before once its tasks in flight ended, $trickled in the next 6 s"
expect_eq "$([ "$trickled" -ge 2 ] && [ "$trickled" -le 10 ]; echo $?)" 0 \
	"resting: $trickled games in 6 s, the trickle's (a set of 2 games every 2 s)"

# A new bot: the run ends at its next pick, the next seats it at full
# speed, and it plays its tasks, not the trickle.
expect_exit 0 "$REFEREE" league add "$L" d $(bot d)
took=$(league_wait_games "$L" d 48)
d=$(games_of d)
expect_eq "$([ "$d" -ge 48 ]; echo $?)" 0 "a new bot brings full speed back: $d games in $took ms"
expect_lt "$took" 20000 "... within seconds, where the trickle would have taken 48 s"
expect_eq "$(grep -cx "referee league: the league's bots changed: a new run seats them" "$TMP/run.err")" 1 \
	"... in a new run"
kill -TERM "$runner"
wait "$runner"
expect_eq "$?" 1 "SIGTERM: the run stops"
expect_eq "$([ -e "$L/pace.json" ]; echo $?) $(pace)" "1 " "the run's end: pace.json removed, status says no pace"

# A count is played at full speed, however settled the league.
RUN_LIMIT=30 expect_exit 0 "$REFEREE" league run "$L" --games 200 --concurrency 2 --rest-interval 400 --trickle 1
expect_eq "$(cat "$OUT")" "200 games in 100 sets played and rated, in 1 run" "--games: the count at full speed"

expect_exit 2 "$REFEREE" league run "$L" --rest-interval -1
expect_eq "$(head -1 "$ERR")" "referee league: --rest-interval takes a whole number from 0 to 100000, not '-1'" \
	"--rest-interval -1: refused"
expect_exit 2 "$REFEREE" league run "$L" --trickle often
expect_eq "$(head -1 "$ERR")" "referee league: --trickle takes a whole number from 0 to 100000, not 'often'" \
	"--trickle often: refused"

# The server's player rests too, and GET /api/status says so.
if command -v curl >/dev/null; then
	. "$(dirname "$0")/../tools/web_serve.sh"
	league_as_user
	S=$TMP/served
	"${LEAGUE[@]}" init "$S" --game rolit -o size=6 >/dev/null
	for b in p q r s; do
		mkdir "$TMP/$b" && bot_into "$TMP/$b"
	done
	for b in p q r; do
		"${LEAGUE[@]}" add "$S" "$b" "$TMP/$b/bot" "$TMP" >/dev/null
	done
	serve "${SERVE_AS[@]}" -- "$S" --rest-interval 400 --trickle 30
	for _ in $(seq 600); do
		code /api/status >/dev/null
		[ "$(json 'd.get("resting")')" = True ] && break
		sleep 0.1
	done
	expect_eq "$(json 'd.get("resting")')|$(json 'd.get("pace", "")' | sed 's/widest +\/- [0-9]*, [a-z0-9._-]*-v[0-9]*/widest +\/- N, NAME/')" \
		"True|resting: every active version's 95% interval is within +/- 400 Elo (the widest +/- N, NAME), so 30 sets a minute until a version arrives or an interval widens" \
		"GET /api/status: the server's player rests, and why"
	if [ -n "$BROWSER" ]; then
		dump_dom "$URL/status" "$TMP/dom.html"
		expect_contains "$TMP/dom.html" '<th scope="row">Pace</th><td>resting: every active version' \
			"chromium: the status page says the league rests, and why"
	else
		ok 0 "# SKIP chromium is not installed"
	fi
	"${LEAGUE[@]}" add "$S" s "$TMP/s/bot" "$TMP" >/dev/null
	for _ in $(seq 600); do
		code /api/ladder >/dev/null
		[ "$(json 'sum(r["games"] for r in d["ladder"] if r["name"] == "s")')" -ge 48 ] && break
		sleep 0.1
	done
	expect_eq "$([ "$(json 'sum(r["games"] for r in d["ladder"] if r["name"] == "s")')" -ge 48 ]; echo $?)" 0 \
		"... and a bot added plays at full speed: $(json 'sum(r["games"] for r in d["ladder"] if r["name"] == "s")') games"
	stop
else
	ok 0 "the server's player rests # SKIP curl is not installed"
fi

assert_no_leftovers
done_testing

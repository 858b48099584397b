#!/usr/bin/env bash
# The league's pages for a class (docs/LEAGUE-SERVER.md, "The server"), read in
# headless Chromium: every page names the league's game and its options,
# the ladder says the rule of its order and has a form to upload a bot,
# the status is in words; a replay says whether the league's key signed
# its log (served at /referee.pub), never the server's own key or its
# path; the form uploads a bot; and `league run` on a terminal says how
# far it is as it plays, and nothing when its stderr is a file.  As root,
# the league is nobody's.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user

league_of_two

# On a terminal (script(1) gives the run one), a line of progress every
# 5 s (not resting, which would play a set a minute); the summary on
# stdout either way.  (The first run makes the
# signing key, and says so.)
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2
if command -v script >/dev/null; then
	script -qefc "$(printf '%q ' "${LEAGUE[@]}" run "$L" --for 11s --concurrency 1 --rest-interval 0)" /dev/null |
		tr -d '\r' >"$TMP/terminal.out"
	expect_eq "$(grep -cvE '^referee league: this run has played [0-9]+ games in [0-9]+ sets, 2 versions playing, [0-9]+ s left$' "$TMP/terminal.out")" 1 \
		"run --for 11s on a terminal: every line but the last says how far it is"
	expect_eq "$([ "$(grep -c '^referee league: this run' "$TMP/terminal.out")" -ge 1 ]; echo $?)" 0 \
		"... at least one such line, 5 s in: $(head -1 "$TMP/terminal.out")"
	# (Past 5,000 games, --run-games's default, a second run goes on: 11 s
	# of rolit between two random bots on a quiet machine can reach it.)
	expect_eq "$(tail -1 "$TMP/terminal.out" | sed -e 's/^[0-9]* games in [0-9]* sets/N games in M sets/' \
		-e 's/in [12] runs*$/in K runs/')" \
		"N games in M sets played and rated, in K runs" "... and the last its summary"
	# Resting (both intervals under +/- 2000 by now), it says so.
	script -qefc "$(printf '%q ' "${LEAGUE[@]}" run "$L" --for 7s --concurrency 1 --rest-interval 2000 --trickle 600)" /dev/null |
		tr -d '\r' >"$TMP/terminal.out"
	expect_eq "$(grep -cE '^referee league: this run has played [0-9]+ games in [0-9]+ sets, 2 versions playing, resting \(every interval under \+/- 2000: 600 sets a minute\), [0-9]+ s left$' "$TMP/terminal.out")" 1 \
		"run resting on a terminal: its progress says so: $(head -1 "$TMP/terminal.out")"
else
	for _ in 1 2 3 4; do
		ok 0 "# SKIP script(1) is not installed"
	done
fi
expect_exit 0 "${LEAGUE[@]}" run "$L" --for 6s --concurrency 1
expect_eq "$(cat "$ERR")" "" "run --for 6s, its stderr a file: no progress"

serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(code /referee.pub)" 200 "GET /referee.pub: 200"
expect_eq "$(cat "$TMP/body")" "$(cat "$L/referee.pub")" "... the league's public key"
expect_exit 0 "$REFEREE" verify --key "$TMP/body" "$L/runs/000001/game-000001.jsonl"
expect_eq "$(code /)" 200 "GET /: 200"
expect_contains "$TMP/body" "<title>League of rolit</title>" "... titled with the league's game"
if [ -n "$BROWSER" ]; then
	game='<p id="game" class="muted">Game: rolit (size 6, first random), 2 players a game</p>'
	dump_dom "$URL/" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" "$game" "chromium: the ladder page names the game, its options and players"
	expect_contains "$TMP/dom.html" '<p id="order-rule">Ranked by the lower bound of the 95% interval (a bot that won every point linking it to the others has only a lower bound, which counts as its bound; an upper bound alone or no rating comes after every bound), then by rating and games, versions without a game in the order they were added, then by name; old and retired versions after the active ones, in the same order.</p>' \
		"chromium: the ladder page says the rule of its order"
	expect_contains "$TMP/dom.html" '<th>owner</th><th>rating</th><th>95% interval</th><th>games</th><th>win %</th><th>wins</th><th>draws</th><th>losses</th><th>forfeits</th><th>cut</th>' \
		"chromium: the ladder page has the export's columns, the score as a win %"
	expect_contains "$TMP/dom.html" '<form id="upload"><h2>Upload a bot</h2>' "chromium: the ladder page has an upload form"
	expect_contains "$TMP/dom.html" '<input type="password" name="token" required="" autocomplete="current-password" value="">' \
		"... with a field for the user's token"
	expect_contains "$TMP/dom.html" '<input type="text" name="name" required="">' "... one for the bot's name"
	expect_contains "$TMP/dom.html" '<input type="file" name="archive" required="" accept=".tgz,.tar.gz,application/gzip">' \
		"... and one for its archive"
	dump_dom "$URL/status" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" "$game" "chromium: the status page names the game"
	expect_eq "$("$PYTHON3" -c 'import re, sys; t = open(sys.argv[1]).read(); print("\n".join(re.findall(r"<th scope=\"row\">([^<]*)</th>", t)))' "$TMP/dom.html")" \
		"Season
Bots
Versions
Games played
Speed
Being played
Runs
Sets cut" "chromium: the status page's lines are labelled in words"
	expect_contains "$TMP/dom.html" '<th scope="row">Bots</th><td>2 bots, 0 of them retired</td>' "... its bots in words"
	expect_contains "$TMP/dom.html" '<th scope="row">Being played</th><td>0 games handed out, on 0 busy workers</td>' \
		"... and what is being played"
	"$PYTHON3" -c 'import re, sys; print(re.search(r"<main>.*</main>", open(sys.argv[1]).read(), re.S).group(0))' "$TMP/dom.html" >"$TMP/main.html"
	expect_not_contains "$TMP/main.html" '_' "... no raw key of /api/status (open_runs, games_per_s)"
	dump_dom "$URL/bots/a" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" "$game" "chromium: a bot's page names the game"
	dump_dom "$URL/games/000001/game-000001" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" "<span class=\"mono\" id=\"key\">$(cat "$L/referee.pub")</span>, the league's key: its public key is /referee.pub, and \`referee verify --key referee.pub LOG\` checks the log (/logs/...) with it</span>" \
		"chromium: a replay says its log is signed by the league's key, and how to check it"
	expect_not_contains "$TMP/dom.html" "your own key" "... not 'your own key'"
	expect_not_contains "$TMP/dom.html" "arena/referee.pub" "... nor the server's key's path"
else
	for _ in $(seq 17); do ok 0 "# SKIP chromium is not installed"; done
fi

# The form uploads: Chromium driven through DevTools by
# tests/tools/upload_form.mjs (Node's WebSocket) fills it, gives it the
# archive and presses Upload; the form follows the upload to its end.
expect_exit 0 "${LEAGUE[@]}" user add --porcelain "$L" carol
carol=$(cat "$OUT")
bot_archive up
if [ -n "$BROWSER" ] && command -v node >/dev/null &&
   node --experimental-websocket -e 'process.exit(typeof WebSocket === "function" ? 0 : 1)' 2>/dev/null; then
	form() {
		local dport
		dport=$(free_ports 1)
		browser --remote-debugging-port="$dport" about:blank >/dev/null &
		local chromium=$!
		node --experimental-websocket "$top_srcdir/tests/tools/upload_form.mjs" "$dport" "$URL/" "$@" 2>&1
		kill "$chromium" 2>/dev/null
		wait "$chromium" 2>/dev/null
	}
	expect_eq "$(form "$carol" up "$TMP/up.tgz")" "up v1 accepted: it plays its first games now" 		"chromium: the form uploads a bot with the user's token and says when it is accepted"
	expect_eq "$(code /api/ladder && json '[(r["name"], r["owner"]) for r in d["ladder"] if r["name"] == "up"]')" 		"200[('up', 'carol')]" "... and the bot is on the ladder, carol's"
	expect_eq "$(form "not-a-token" up2 "$TMP/up.tgz")" 		"not taken (401): give a user's token: Authorization: Bearer TOKEN ('referee league user add' makes one)" 		"chromium: the form with a token that is no user's: the server's refusal"
else
	for _ in $(seq 3); do ok 0 "# SKIP chromium or Node 20's WebSocket is not installed"; done
fi
stop

done_testing

#!/usr/bin/env bash
# The league's lenient pre-flight (docs/LEAGUE-SERVER.md, "Users and uploads"):
# a bot that crashes at one turn in 25 is accepted on each of five uploads
# (five versions), one that answers a junk line now and then too, and
# they play, losing those games by forfeit, which their owner sees with
# the bot's stderr; a bot that never answers hello, and one that breaks
# the protocol at every turn, are refused, saying why; nothing is left in
# the server's TMPDIR and no answer names a path of the server's.  The
# same pre-flight as `check-bot --lenient`.  As root the league is
# nobody's and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
league_of alice
serve_uploads

# flaky NAME ARGS...: an archive of tests/zoo/flaky.py run with ARGS.
flaky() {
	local name=$1
	shift
	mkdir -p "$TMP/$name"
	cp "$ZOO/zoo.py" "$ZOO/flaky.py" "$TMP/$name/"
	printf '{"command": "/usr/bin/python3 ./flaky.py . %s"}\n' "$*" >"$TMP/$name/bot.json"
	tar -czf "$TMP/$name.tgz" -C "$TMP/$name" .
}

flaky crashy crash 25
accepted=0
for k in 1 2 3 4 5; do
	# Each a new version: a byte more of its script.
	echo "# $k" >>"$TMP/crashy/flaky.py"
	tar -czf "$TMP/crashy.tgz" -C "$TMP/crashy" .
	[ "$(post "$alice" crashy "$TMP/crashy.tgz")" = "202 accepted" ] && accepted=$((accepted + 1))
	keep
done
expect_eq "$accepted" 5 "a bot crashing at one turn in 25: accepted on 5 uploads of 5"
expect_eq "$(json 'd["version"]')" 5 "... five versions"
flaky junky junk 25
expect_eq "$(post "$alice" junky "$TMP/junky.tgz")" "202 accepted" "a bot answering a junk line at one turn in 25: accepted"
keep
flaky broken junk 1
expect_eq "$(post "$alice" broken "$TMP/broken.tgz")" "202 refused" "a bot answering junk at every turn: refused"
keep
expect_eq "$(json 'd["error"]')" "the bot failed its pre-flight (referee check-bot): see its report" "... saying so"
expect_eq "$(json '[l for l in d["report"].splitlines() if l.startswith("  FAIL")]')" \
	"['  FAIL  plays: 0 moves of its own, 0 of 4 games to their end: it would lose every game by forfeit']" \
	"... its report's one failure: it never plays a move"
mkdir "$TMP/mute"
cp "$ZOO/silent.sh" "$TMP/mute/"
echo '{"command": "sh ./silent.sh"}' >"$TMP/mute/bot.json"
tar -czf "$TMP/mute.tgz" -C "$TMP/mute" .
expect_eq "$(post "$alice" mute "$TMP/mute.tgz")" "202 refused" "a bot that never answers hello: refused"
keep
expect_eq "$(json '[l for l in d["report"].splitlines() if l.startswith("  FAIL")]')" \
	"['  FAIL  starts: timeout: no reply within 21000 ms of wall-clock time (the ceiling of a 10000 ms move) to \"hello\"']" "... its report's one failure: it does not start"
expect_eq "$(ls -A "$TMP/server-tmp")" "" "nothing left in the server's TMPDIR"
expect_eq "$(grep -c -e "$TMP" -e "$L" "$answers")" 0 "no answer names a path of the server's"
expect_eq "$(ls "$L/uploads")" "$(printf 'crashy\njunky')" "... nor a folder of a refused upload left"

# They play: the league seats them, they lose some games by forfeit, and
# their owner sees why.
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 24 --concurrency 2
# plays NAME: whether the server shows bot NAME with games (its view of
# the index is a second or two behind the run).
plays() {
	code "/api/bots/$1" -H "Authorization: Bearer $alice" >/dev/null
	json 'sum(v["games"] for v in d["versions"]) > 0'
}
for bot in crashy junky; do
	expect_eventually True "$bot plays" plays "$bot"
done
# The server's view of the league's stderr files lags its index by a
# second or two (docs/LEAGUE-SERVER.md, "The server"): asked until it has them.
crash_words() {
	code /api/bots/crashy -H "Authorization: Bearer $alice" >/dev/null
	json 'sorted({(f["reason"], f["last_words"]["stderr"][-1].split("] ", 1)[1].split(" at ")[0]) for f in d["forfeits"]})' 2>/dev/null
}
expect_eventually "[('exit', 'flaky: crash')]" \
	"... crashy's forfeits: its exits, with its last words on stderr, to its owner" crash_words
stop
done_testing

#!/usr/bin/env bash
# What the league's server shows to whom (docs/LEAGUE-SERVER.md, "What is
# public"): a bot's stderr and last stderr lines only to its owner (the
# user whose upload the league took) and to an organiser (`league user add
# --organiser`), never to another user or to no token, through the API
# (GET /api/bots/NAME's forfeits, GET /api/words/RUN/game-N), the replay
# page's data, and the pages in headless Chromium before and after a log
# in; a forfeit's detail public without the server's paths; the info a
# bot's replies carry public.  As root the league is nobody's and the
# server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
L=$TMP/league
expect_exit 0 "${LEAGUE[@]}" init "$L" --game rolit -o size=6
for u in alice bob carol; do
	expect_exit 0 "${LEAGUE[@]}" user add --porcelain "$L" "$u"
	eval "$u=\$(cat \"\$OUT\")"
done
expect_exit 0 "${LEAGUE[@]}" user add --porcelain --organiser "$L" olga
olga=$(cat "$OUT")
expect_eq "$("$PYTHON3" -c 'import json, sys; print([u.get("organiser", False) for u in json.load(open(sys.argv[1]))["users"]])' "$L/users.json")" \
	"[False, False, False, True]" "user add --organiser: the user is marked an organiser in users.json"
expect_exit 2 "${LEAGUE[@]}" user revoke --organiser "$L" olga
expect_eq "$(head -1 "$ERR")" "referee league: --organiser goes with user add" "user revoke --organiser: refused"

# alice's chatty: a secret (in markup) on stderr each move, the info of
# each reply, and at its third move a path of its own folder as its
# action, which the referee refuses (a forfeit whose detail quotes it).
mkdir "$TMP/chatty"
cat >"$TMP/chatty/chatty.py" <<'PY'
import json, os, sys
turns = 0
for line in sys.stdin:
    msg = json.loads(line)
    if "legal" not in msg:
        print("{}", flush=True)
        continue
    turns += 1
    print('chatty-secret <b id="pwn">%d</b> %s' % (turns, os.path.abspath(__file__)), file=sys.stderr, flush=True)
    action = os.path.abspath(__file__) if turns == 3 else msg["legal"][0]
    print(json.dumps({"action": action, "info": "chatty-info %d" % turns}), flush=True)
PY
echo '{"command": "/usr/bin/python3 ./chatty.py"}' >"$TMP/chatty/bot.json"
tar -czf "$TMP/chatty.tgz" -C "$TMP/chatty" .
mkdir "$TMP/quiet"
bot_into "$TMP/quiet"
echo '{"command": "./bot"}' >"$TMP/quiet/bot.json"
tar -czf "$TMP/quiet.tgz" -C "$TMP/quiet" .
# The organiser's own bot (league add), which the server starts with,
# retired once the users' bots are in, so that they play each other.
mkdir "$TMP/house"
bot_into "$TMP/house"
expect_exit 0 "${LEAGUE[@]}" add "$L" house "$TMP/house/bot" "$TMP"
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(post "$alice" chatty "$TMP/chatty.tgz")" "202 accepted" "alice uploads chatty: accepted"
expect_eq "$(post "$bob" quiet "$TMP/quiet.tgz")" "202 accepted" "bob uploads quiet: accepted"
expect_exit 0 "${LEAGUE[@]}" retire "$L" house
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 4 --concurrency 2

# /api/bots/chatty: its forfeits' reasons and details for all, their
# stderr lines for alice and olga only.
forfeits() { code /api/bots/chatty "$@" >/dev/null; json '[sorted(f.get("last_words", {})) for f in d["forfeits"]][0]'; }
expect_eq "$(forfeits)" "['info']" "GET /api/bots/chatty without a token: its last words' info, no stderr"
expect_eq "$(grep -c chatty-secret "$TMP/body")" 0 "... nothing of its stderr in the answer"
expect_eq "$(json 'd["forfeits"][0]["reason"]')" "illegal-action" "... the forfeit's reason"
expect_eq "$(json 'd["forfeits"][0]["detail"].endswith(" (the action: \"chatty.py\")")')" True \
	"... its detail, the path it quotes cut to its last part"
expect_eq "$(grep -c -e "$TMP" -e /uploads/ "$TMP/body")" 0 "... no path of the server's in the answer"
expect_eq "$(forfeits -H "Authorization: Bearer $bob")" "['info']" "... with bob's token (a rival's): no stderr"
expect_eq "$(forfeits -H "Authorization: Bearer nonsense")" "['info']" "... with a token that is no user's: no stderr"
expect_eq "$(forfeits -H "Authorization: Bearer $alice")" "['info', 'stderr']" "... with alice's token (its owner's): its stderr"
# The server's view of the stderr files may be older than the game: the
# request reads on in them (docs/LEAGUE-SERVER.md, "The server"), so the last
# line is there at once.
forfeits -H "Authorization: Bearer $alice" >/dev/null
expect_eq "$(json 'd["forfeits"][0]["last_words"]["stderr"][-1].split("] ", 1)[1]')" \
	'chatty-secret <b id="pwn">3</b> chatty.py' \
	"... its last line as the bot wrote it, at once, the path it wrote relative to its folder"
expect_eq "$(forfeits -H "Authorization: Bearer $olga")" "['info', 'stderr']" "... with the organiser's token: its stderr"

# A game of chatty's: the replay page's data holds no stderr; its words
# are asked for with a token.
replay=$(json 'd["forfeits"][0]["replay"]')
tail=${replay#/games/}
expect_eq "$(code "$replay")" 200 "GET of its replay page: 200"
page_data() {
	"$PYTHON3" -c '
import base64, re, sys, zlib
page = open(sys.argv[1]).read()
print(zlib.decompress(base64.b64decode(re.search(r"<script id=\"data\"[^>]*>([^<]*)<", page).group(1))).decode())' "$TMP/body"
}
page_data >"$TMP/data.json"
expect_eq "$(grep -c chatty-secret "$TMP/data.json")" 0 "... its data holds none of chatty's stderr"
expect_eq "$(grep -c 'chatty-info 1' "$TMP/data.json")" 1 "... and the info of its replies"
expect_eq "$("$PYTHON3" -c 'import json, sys; print([s["forfeit"]["detail"] + " " + s["text"] for s in json.load(open(sys.argv[1]))["steps"] if "forfeit" in s and ("/uploads/" in s["text"] or "/uploads/" in s["forfeit"]["detail"])])' "$TMP/data.json")" \
	"[]" "... and no path of the server's in its forfeits"
expect_eq "$(code "/api/words/$tail")" 401 "GET /api/words/$tail without a token: 401"
expect_eq "$(code "/api/words/$tail" -H "Authorization: Bearer $carol")" 403 "... with the token of a user with no bot in the game: 403"
expect_eq "$(json 'd["error"]')" "a bot's stderr is its owner's and the organisers' to see: no bot of this game is yours" "... saying why"
expect_eq "$(code "/api/words/$tail" -H "Authorization: Bearer $bob")" 200 "... with bob's (his quiet plays in it): 200"
expect_eq "$(grep -c chatty-secret "$TMP/body")" 0 "... without chatty's stderr"
expect_eq "$(code "/api/words/$tail" -H "Authorization: Bearer $alice")" 200 "... with alice's: 200"
expect_eq "$(json 'any("chatty-secret" in line for w in d for line in w.get("stderr", []) + w.get("last_words", {}).get("stderr", []))')" True \
	"... chatty's stderr lines, each with the index of its step"
expect_eq "$(code "/api/words/000001/game-999999" -H "Authorization: Bearer $alice")" 404 "... of a game that is not there: 404"
expect_eq "$(code /api/me -H "Authorization: Bearer $olga")" 200 "GET /api/me with a token: 200"
expect_eq "$(cat "$TMP/body")" '{"user":"olga","organiser":true}' "... who it is"
expect_eq "$(code /api/me)" 401 "... without one: 401"

# The pages in Chromium: chatty's page and its replay without its stderr,
# then alice logs in on the page (the token kept in the browser) and
# both show it, as text.
if [ -n "$BROWSER" ]; then
	seat=$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["players"].index("chatty"))' "$TMP/data.json")
	chromium_run "$TMP/pages" "$URL" "$replay" "$alice" "$seat" <<'PY'
import sys
from cdp import Page
port, url, replay, token, seat = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5]
words = "document.body.textContent.includes('chatty-secret')"
page = Page(port, url + "/bots/chatty")
print("page drawn", page.wait("document.querySelector('#forfeits tr + tr') !== null", 30))
print("stderr before", page.eval(words))
page.eval("location.href = '%s#forfeit=%s'" % (replay, seat))
print("replay drawn", page.wait("location.pathname === '%s' && document.querySelector('#step-info .last-words') !== null" % replay, 30))
print("replay stderr before", page.eval(words))
page.eval("location.href = '/bots/chatty'")
page.wait("document.getElementById('login-token') !== null && location.pathname === '/bots/chatty'", 30)
page.eval("document.getElementById('login-token').value = '%s'; "
          "document.getElementById('login-button').click()" % token)
print("logged in", page.wait("document.getElementById('login-said') !== null && "
                             "document.getElementById('login-said').textContent === 'logged in as alice '", 30))
print("stderr after", page.wait("document.querySelector('#forfeits') !== null && " + words, 30))
print("as text", page.eval("document.getElementById('pwn') === null && "
                           "document.body.textContent.includes('<b id=\"pwn\">3</b>')"))
page.eval("location.href = '%s#forfeit=%s'" % (replay, seat))
print("replay stderr after", page.wait("location.pathname === '%s' && " % replay + words, 30))
page.eval("document.getElementById('login-button').click()")
print("logged out", page.wait("document.getElementById('login-token') !== null", 30) and
      page.eval("localStorage.getItem('arena-league-token') === null"))
PY
	expect_eq "$(cat "$TMP/pages")" "$(printf 'page drawn True\nstderr before False\nreplay drawn True\nreplay stderr before False\nlogged in True\nstderr after True\nas text True\nreplay stderr after True\nlogged out True')" \
		"chromium: chatty's page and replay show its stderr only once alice logged in, as text; logged out, the token is gone"
else
	ok 0 "# SKIP chromium is not installed"
fi
stop
done_testing

#!/usr/bin/env bash
# `referee league serve` (docs/LEAGUE-SERVER.md, "The server"): the JSON API read
# from the index (the ladder, a bot, its games after a cursor, the logs),
# a JSON 404 for unknown paths (listing every route, docs/LEAGUE-SERVER.md's
# table's, each of which answers), bots and logs, 405 for other methods; the
# pages; hostile requests (oversized headers, garbage, a path out of the
# folder, a flood of connections) each answered while a normal request
# still is; kill -9 of a server playing the league, then a restart that
# loses no finished game; as root, a server refused without --user and
# one that drops to that user.  As root, the league is a normal user's
# (nobody's) and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user

L=$TMP/league
league_of_three "$L"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 6 --concurrency 2

# Users: a token shown once, its hash alone kept, in a file only the
# league's owner reads.
expect_exit 0 "${LEAGUE[@]}" user add "$L" alice
expect_eq "$(head -1 "$OUT")" "user alice added; their token (shown this once, keep it secret):" "user add: says so"
alice=$(tail -1 "$OUT")
expect_eq "${#alice}" 64 "... and prints a token of 64 hex digits"
expect_eq "$(stat -c %a "$L/users.json")" 600 "users.json: mode 0600"
expect_not_contains "$L/users.json" "$alice" "users.json: the token itself is not kept"
expect_contains "$L/users.json" "$(printf %s "$alice" | b2sum -l 256 | cut -d' ' -f1)" "... its BLAKE2b hash is"
expect_exit 2 "${LEAGUE[@]}" user add "$L" alice
expect_eq "$(head -1 "$ERR")" "referee league: the league has a user 'alice' already (revoke their token with 'referee league user revoke' to give them a new one)" \
	"user add of a user there: refused"
expect_exit 2 "${LEAGUE[@]}" user add "$L" '<b>'
expect_eq "$(head -1 "$ERR")" "referee league: '<b>' is not a user's name: letters, digits, '-', '_' and '.', up to 40, not starting with '.' or '-'" \
	"user add: a name that is no name"
expect_exit 0 "${LEAGUE[@]}" user revoke "$L" alice
expect_eq "$(cat "$OUT")" "user alice's token revoked: it uploads nothing more" "user revoke"
expect_exit 2 "${LEAGUE[@]}" user revoke "$L" bob
expect_eq "$(head -1 "$ERR")" "referee league: the league has no user 'bob'" "user revoke of no user: refused"
expect_exit 0 "${LEAGUE[@]}" user add "$L" alice
expect_eq "$(tail -1 "$OUT" | grep -c "^$alice$")" 0 "a revoked user added again: a new token"
expect_exit 0 "${LEAGUE[@]}" user add --porcelain "$L" dave
expect_eq "$(wc -l <"$OUT") $(grep -cE '^[0-9a-f]{64}$' "$OUT")" "1 1" "user add --porcelain: the token alone, on one line"
expect_contains "$L/users.json" "$(tr -d '\n' <"$OUT" | b2sum -l 256 | cut -d' ' -f1)" "... the one whose hash the league keeps"
expect_exit 0 "${LEAGUE[@]}" user add --organiser "$L" oscar
expect_eq "$(head -1 "$OUT")" "organiser oscar added; their token (shown this once, keep it secret):" \
	"user add --organiser: says it added an organiser"
expect_exit 0 "${LEAGUE[@]}" user add "$L" erin --porcelain
expect_eq "$(grep -cE '^[0-9a-f]{64}$' "$OUT")" 1 "user add DIR NAME --porcelain: the option after the operands too"
expect_exit 2 "${LEAGUE[@]}" user revoke --porcelain "$L" dave
expect_eq "$(head -1 "$ERR")" "referee league: --porcelain goes with user add" "user revoke --porcelain: refused"
expect_exit 2 "${LEAGUE[@]}" user delete "$L" alice
expect_eq "$(head -1 "$ERR")" "referee league: user takes add or revoke, a league's folder and a user's name" \
	"user: an unknown sub-verb"

expect_exit 2 "${LEAGUE[@]}" serve "$L" --listen nowhere
expect_eq "$(head -1 "$ERR")" "referee league: --listen takes ADDR:PORT (127.0.0.1:8080, 0.0.0.0:80), not 'nowhere'" \
	"serve: a bad --listen"
expect_exit 2 "${LEAGUE[@]}" serve "$TMP/none"
expect_contains "$ERR" "referee league: " "serve: a folder that is no league"

serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(head -1 "$TMP/serve.out")" "serving the league in $L on http://127.0.0.1:$PORT/ (not playing: --no-play)" \
	"serve says where it answers"
expect_eq "$(code /api/ladder)" 200 "GET /api/ladder: 200"
"${LEAGUE[@]}" ladder "$L" --versions --format json >"$TMP/ladder.json"
expect_eq "$(cat "$TMP/body")" "$(cat "$TMP/ladder.json")" "... the ladder as 'league ladder --format json --versions' prints it"
expect_eq "$(json '" ".join(sorted(r["name"] for r in d["ladder"])), d["games"]')" "a b c 6" "... its rows and games"
expect_eq "$(code /api/status)" 200 "GET /api/status: 200"
expect_eq "$(json 'json.dumps({k: v for k, v in d.items() if k != "games_per_s"}, separators=(",", ":"))')" \
	'{"game":"rolit","players":2,"season":"first","bots":3,"retired":0,"versions":3,"runs":1,"open_runs":0,"games":6,"sets":3,"cut":0,"cut_text":"no set cut by a stop","quota":{"user_mb":200,"user_files":20000,"versions_kept":5,"league_mb":10240,"league_files":1000000},"queue":0,"workers":0,"cores":0}' \
	"... the counts of 'league status', the quotas, no game in play (queue, workers), and no run to come (cores, --no-play)"
expect_eq "$(json '0 <= d["games_per_s"] <= 0.1')" True "... its games a second over the last minute: at most the run's 6 in 60 s"
expect_eq "$(code /api/bots/a)" 200 "GET /api/bots/a: 200"
expect_eq "$(json 'd["name"], [v["version"] for v in d["versions"]], d["retired"]')" "a [1] False" "... its versions"
games_a=$(json 'len(d["games"])')
expect_eq "$(json 'all(any(s["name"] == "a" for s in g["seats"]) for g in d["games"])')" True "... each of its games has a"
expect_eq "$(code /api/bots/nobody)" 404 "GET /api/bots/nobody: 404"
expect_eq "$(cat "$TMP/body")" '{"error":"the league has no such bot"}' "... with a JSON error"
expect_eq "$(code '/api/bots/%3Cb%3E')" 404 "GET /api/bots/<b>: 404"
expect_eq "$(code /api/games)" 200 "GET /api/games: 200"
expect_eq "$(json 'len(d["games"])')" 6 "... every game"
expect_eq "$(json '" ".join(str(g["id"]) for g in d["games"])')" \
	"1000001 1000002 1000003 1000004 1000005 1000006" "... in order, each with its id"
expect_eq "$(code '/api/games?bot=a')" 200 "GET /api/games?bot=a: 200"
expect_eq "$(json 'len(d["games"])')" "$games_a" "... a's games, as /api/bots/a has them"
expect_eq "$(code '/api/games?since=1000004')" 200 "GET /api/games?since=1000004: 200"
expect_eq "$(json '" ".join(str(g["id"]) for g in d["games"])')" "1000005 1000006" "... the games after the cursor"
log=$(json 'd["games"][0]["log"]')
expect_eq "$(code '/api/games?since=soon')" 400 "GET /api/games?since=soon: 400"
expect_eq "$(cat "$TMP/body")" '{"error":"since takes a game'"'"'s id (0 or more)"}' "... saying what since takes"
expect_eq "$(code '/api/games?since=%2B1000004') $(code '/api/games?since=%201000004') $(code '/api/games?since=-1')" \
	"400 400 400" "GET /api/games?since= with a sign or a space: 400, as every number a query takes"
expect_eq "$log" /logs/000001/game-000005.jsonl "a game's log path"
expect_eq "$(code "$log")" 200 "GET of a log: 200"
expect_eq "$(head -c 2 "$L/runs/000001/game-000005.jsonl" | od -An -tx1 | tr -d ' ')" 1f8b \
	"the league's log is stored gzip-compressed"
expect_eq "$(gzip -dc "$L/runs/000001/game-000005.jsonl" | cmp - "$TMP/body" && echo same)" same \
	"... and served as its JSON lines"
expect_eq "$(code /logs/000001/game-000099.jsonl)" 404 "GET of a log that is not there: 404"
expect_eq "$(code /logs/000001/..%2f..%2fleague.json --path-as-is)" 404 "GET of a log path out of runs/: 404"
expect_eq "$(code /logs/../league.json --path-as-is)" 404 "GET of /logs/../league.json: 404"
expect_eq "$(code /api/nothing)" 404 "GET /api/nothing: 404"
expect_eq "$(cat "$TMP/body")" '{"error":"no such path: the server answers GET /api/ladder, GET /api/luck, GET /api/crosstable, GET /api/status, GET /api/bots/NAME, GET /api/grade/NNNNNN/game-NNNNNN, GET /api/games, GET /logs/NNNNNN/game-NNNNNN.jsonl, GET /games/NNNNNN/game-NNNNNN, GET /what-if/NNNNNN/game-NNNNNN, GET /referee.pub, GET /api/words/NNNNNN/game-NNNNNN, GET /api/me, GET /api/commitments, POST /api/bots, GET /api/uploads/ID, GET /, GET /bots/NAME, GET /status, GET /commitments"}' \
	"... listing every path the server answers"
cp "$TMP/body" "$TMP/no_such_path"
expect_eq "$(code /nothing -X DELETE)" 404 "DELETE /nothing: 404"
expect_eq "$(cmp "$TMP/body" "$TMP/no_such_path" && echo same)" same "... the same list"
# The list is the table's of docs/LEAGUE-SERVER.md ("The server"), and each of
# its routes, asked as the list says (no token), answers: not a 404.
routes=$("$PYTHON3" -c 'import json, sys; print(json.load(open(sys.argv[1]))["error"].split(" answers ")[1].replace(", ", "\n"))' "$TMP/no_such_path")
expect_eq "$(sort <<<"$routes")" "$(sed -n '/^| request | answer |$/,/^$/p' "$top_srcdir/docs/LEAGUE-SERVER.md" |
	grep -o '`\(GET\|POST\) /[^`?]*' | tr -d '`' | sort)" "... every route docs/LEAGUE-SERVER.md's table names, and no other"
answers=$(while read -r method path; do
	path=$(sed 's|NNNNNN/game-NNNNNN|000001/game-000001|; s|NAME$|a|; s|ID$|0|' <<<"$path")
	echo "$method $path $(code "$path" -X "$method")"
done <<<"$routes")
expect_eq "$(grep -c ' 404$' <<<"$answers") $(wc -l <<<"$answers")" "0 20" "... each of the 20 answered: not a 404"
expect_eq "$(grep -E '^(GET /api/me|GET /api/words/.*|POST /api/bots|GET /api/uploads/0) ' <<<"$answers" | grep -vc ' 401$')" 0 \
	"... those of a user's token: 401 without one"
expect_eq "$(code /api/ladder -X DELETE)" 405 "DELETE /api/ladder: 405"
expect_eq "$(cat "$TMP/body")" '{"error":"this path answers GET"}' "... saying which method it answers"
expect_eq "$(code /api/ladder -X POST -d x=1)" 405 "POST /api/ladder: 405"
expect_eq "$(code /api/bots)" 405 "GET /api/bots: 405"
expect_eq "$(cat "$TMP/body")" '{"error":"this path answers POST"}' "... saying it answers POST"
expect_eq "$(code /api/ladder --head)" 200 "HEAD /api/ladder: GET's answer"

# The pages: the report's shell, no outside network, a bot's page only
# for a bot of the league.
expect_eq "$(code /)" 200 "GET /: the ladder's page"
expect_not_contains "$TMP/body" 'src="http' "... loading no script from the network"
expect_not_contains "$TMP/body" '<link' "... nor a style sheet"
expect_eq "$(code /bots/a)" 200 "GET /bots/a: its page"
expect_eq "$(code /bots/nobody)" 404 "GET /bots/nobody: 404"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/" "$TMP/dom.html"
	expect_eq "$("$PYTHON3" -c 'import re, sys; t = open(sys.argv[1]).read(); print(" ".join(re.findall(r"<a href=\"/bots/(\w+)\">", t)))' "$TMP/dom.html" | tr ' ' '\n' | sort | tr '\n' ' ')" \
		"a b c " "chromium: the ladder page draws a row a bot, each linked to its page"
	dump_dom "$URL/bots/a" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" 'href="/logs/000001/game-' "chromium: a bot's page links its games' logs"
else
	ok 0 "# SKIP chromium is not installed"
fi

# Hostile requests: each answered with its code, and the server serves on.
big=$(head -c 65536 /dev/zero | tr '\0' x)
expect_eq "$(code /api/ladder -H "X-Big: $big")" 431 "a header over the connection's memory: 431"
# raw REQUEST: the status line the server answers a request sent as it is
# (printf's escapes), or what the connection said instead.
raw() {
	"$PYTHON3" -c '
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
s.sendall(sys.argv[2].encode())
print(s.recv(100).split(b"\r\n")[0].decode() or "closed")' "$PORT" "$(printf %b "$1")"
}
expect_eq "$(raw 'GARBAGE\r\n\r\n')" closed "a request that is no HTTP: the connection closed"
expect_eq "$(raw 'GET / HTTP/9.9\r\nHost: x\r\n\r\n')" "HTTP/1.1 505 HTTP Version Not Supported" "HTTP/9.9: 505"
expect_eq "$(raw 'GET / HTTP/1.1\r\nHost: x\r\nno header\r\n\r\n')" "HTTP/1.1 400 Bad Request" \
	"a header line without a colon: 400"
# A slow client (half a request, then silence) is closed by the server
# (10 s idle), while others are answered meanwhile.
"$PYTHON3" -c '
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=120)
s.sendall(b"GET /api/ladder HTTP/1.1\r\nHost: x\r\n")
print("closed" if s.recv(100) == b"" else "answered")' "$PORT" >"$TMP/slow" &
slow=$!
expect_eq "$(code /api/bots/a)" 200 "a request while a slow client holds a connection: answered"
wait "$slow"
expect_eq "$(cat "$TMP/slow")" closed "the slow client's connection closed by the server"
# A flood: 300 connections held open, sending nothing, past the limits
# (256 in all, 16 from one address); the server still answers a request
# once the idle ones time out or at once when under the limits.
"$PYTHON3" -c '
import socket, sys, time
socks = []
for _ in range(300):
    try:
        socks.append(socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=2))
    except OSError:
        pass
time.sleep(30)' "$PORT" &
flood=$!
sleep 1
expect_eq "$(curl -s -o /dev/null -w '%{http_code}' --retry 20 --retry-all-errors --retry-delay 1 "$URL/api/ladder")" 200 \
	"a request during a flood of idle connections: answered"
kill "$flood"
wait "$flood" 2>/dev/null
expect_eq "$(code /api/ladder)" 200 "... and after it"
# Slow-loris: 200 connections each sending a request's headers a byte a
# second (never idle), from one other address (past the 64 it may hold)
# and then from 200 addresses: a normal request is answered meanwhile,
# and the server closes each slow one once it has taken 20 s to send no
# whole headers.
# loris FROM: runs the 200 slow clients (FROM: one or many addresses)
# and prints how many connected, then how many the server closed within
# 60 s.
loris() {
	"$PYTHON3" -c '
import socket, sys, time
port, many = int(sys.argv[1]), sys.argv[2] == "many"
socks = []
for i in range(200):
    s = socket.socket()
    s.settimeout(2)
    try:
        s.bind(("127.0.%d.%d" % (1 + i // 250, 1 + i % 250) if many else "127.0.0.2", 0))
        s.connect(("127.0.0.1", port))
        socks.append(s)
    except OSError:
        s.close()
req = b"GET /api/ladder HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100
closed, start, k = set(), time.time(), 0
while time.time() - start < 60 and len(closed) < len(socks):
    for i, s in enumerate(socks):
        if i not in closed:
            try:
                s.send(req[k:k + 1])
            except OSError:
                closed.add(i)
    k += 1
    time.sleep(1)
print(len(socks), len(closed))' "$PORT" "$1"
}
for from in one many; do
	loris "$from" >"$TMP/loris" &
	loris_pid=$!
	sleep 3
	expect_eq "$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 "$URL/api/ladder")" 200 \
		"slow-loris from $from address(es): a normal request answered meanwhile"
	wait "$loris_pid"
	expect_eq "$(cat "$TMP/loris")" "200 200" "... and each slow connection closed by the server within 60 s"
done
stop

# Uploads: POST /api/bots with a user's token, a name and a .tar.gz.
serve "${SERVE_AS[@]}" -- "$L" --no-play --uploads-per-minute 1000
expect_exit 0 "${LEAGUE[@]}" user add "$L" bob
bob=$(tail -1 "$OUT")
expect_exit 0 "${LEAGUE[@]}" user revoke "$L" alice
expect_exit 0 "${LEAGUE[@]}" user add "$L" alice
alice=$(tail -1 "$OUT")
mkdir "$TMP/mine"
bot_into "$TMP/mine"
echo '{"command": "./bot"}' >"$TMP/mine/bot.json"
mkdir "$TMP/mine/lib"
echo secret >"$TMP/mine/lib/notes"
chmod 0666 "$TMP/mine/lib/notes"
chmod 0777 "$TMP/mine/lib"
printf '#!/bin/sh\n' >"$TMP/mine/tool"
chmod 6777 "$TMP/mine/tool"
tar -czf "$TMP/mine.tgz" -C "$TMP/mine" .
# hostile NAME KIND: a .tar.gz with bot.json and one entry of KIND.
hostile() {
	"$PYTHON3" - "$TMP/$1.tgz" "$2" <<'PY'
import io, sys, tarfile
with tarfile.open(sys.argv[1], "w:gz") as t:
    def add(name, data=b"", **kw):
        i = tarfile.TarInfo(name)
        for k, v in kw.items():
            setattr(i, k, v)
        i.size = len(data)
        t.addfile(i, io.BytesIO(data) if data else None)
    add("bot.json", b'{"command": "./bot"}')
    kind = sys.argv[2]
    if kind == "dotdot": add("../escaped", b"x")
    if kind == "absolute": add("/tmp/escaped", b"x")
    if kind == "symlink": add("bot", type=tarfile.SYMTYPE, linkname="/etc/passwd")
    if kind == "symlink-up": add("bot", type=tarfile.SYMTYPE, linkname="../../league.json")
    if kind == "hardlink": add("bot", type=tarfile.LNKTYPE, linkname="../../users.json")
    if kind == "device": add("dev", type=tarfile.CHRTYPE, devmajor=1, devminor=3)
    if kind == "fifo": add("pipe", type=tarfile.FIFOTYPE)
    if kind == "bomb": add("zeros", b"\0" * (3 << 20))
    if kind == "many":
        for k in range(10001): add("f%d" % k)
PY
}
expect_eq "$(send "$alice" mine "$TMP/mine.tgz")" 202 "upload of a new bot: 202 at once"
expect_eq "$(json 'd["state"], d["status"] == "/api/uploads/" + d["id"]')" "queued True" "... queued, with its status's path"
expect_eq "$(answer "$alice")" accepted "... then accepted"
expect_eq "$(json 'd["name"], d["version"], d["added"]')" "mine 1 True" "... with its new version"
expect_eq "$(code /api/bots/mine)" 200 "... and the league has it"
expect_eq "$(stat -c %a "$L/uploads/mine")" 700 "... its folder under uploads/, mode 0700"
mine=$(find "$L/uploads/mine" -mindepth 1 -maxdepth 1)
expect_eq "$(cd "$mine" && find . | LC_ALL=C sort | xargs stat -c '%a %n' | tr '\n' ' ')" \
	"700 . 700 ./bot 600 ./bot.json 700 ./lib 600 ./lib/notes 700 ./tool " \
	"... its files private: folders 0700, files 0600 or 0700 when the owner could run them, no setuid, setgid or sticky bit"
# The same files again: the same version, no new row, nothing kept.
tar -czf "$TMP/mine-again.tgz" -C "$TMP/mine" .
expect_eq "$(post "$alice" mine "$TMP/mine-again.tgz")" "202 accepted" "the same files uploaded again: accepted"
expect_eq "$(json 'd["version"], d["added"]')" "1 False" "... saying it is version 1 already, nothing added"
code /api/bots/mine >/dev/null
expect_eq "$(json '[v["version"] for v in d["versions"]]')" "[1]" "... no new version"
expect_eq "$(find "$L/uploads/mine" -mindepth 1 -maxdepth 1 | wc -l)" 1 "... and its unpacked copy not kept"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" '<a href="/bots/mine">mine</a>' "chromium: the uploaded bot on the ladder page"
	dump_dom "$URL/bots/mine" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" '<td>v1</td>' "chromium: its page lists its version"
else
	ok 0 "# SKIP chromium is not installed"
	ok 0 "# SKIP chromium is not installed"
fi
printf 'v2' >>"$TMP/mine/bot"
tar -czf "$TMP/mine2.tgz" -C "$TMP/mine" .
expect_eq "$(post "$alice" mine "$TMP/mine2.tgz")" "202 accepted" "its owner's next version: accepted"
expect_eq "$(json 'd["version"]')" 2 "... version 2"
# Another user's bot reads none of mine's files: a probe that exits
# (fails its pre-flight) when it can read its target, and plays when not.
expect_exit 0 "${LEAGUE[@]}" user add "$L" carol
carol=$(tail -1 "$OUT")
# peek NAME TARGET [ARG]: an archive of a bot that exits at once when it
# can read TARGET, else plays; its command passes ARG to the script.
peek() {
	mkdir -p "$TMP/$1"
	bot_into "$TMP/$1"
	printf '#!/bin/sh\ncat "%s" "$@" >/dev/null 2>&1 && { echo "read it" >&2; exit 3; }\nexec ./bot\n' "$2" >"$TMP/$1/peek.sh"
	printf '{"command": "sh ./peek.sh%s"}\n' "${3:+ $3}" >"$TMP/$1/bot.json"
	tar -czf "$TMP/$1.tgz" -C "$TMP/$1" .
}
peek peek-self ./bot.json
expect_eq "$(post "$carol" peek-self "$TMP/peek-self.tgz")" "202 refused" "the probe reading its own bot.json: it can (refused)"
peek peek-other "$mine/bot.json"
expect_eq "$(post "$carol" peek-other "$TMP/peek-other.tgz")" "202 accepted" "the probe reading another user's bot's file: it cannot (accepted)"
peek peek-league "$L/users.json"
expect_eq "$(post "$carol" peek-league "$TMP/peek-league.tgz")" "202 accepted" "... nor the league's users.json (accepted)"
peek peek-named /nonexistent "$mine/lib/notes"
expect_eq "$(post "$carol" peek-named "$TMP/peek-named.tgz")" 400 "a command naming another bot's file: 400"
expect_eq "$(json 'd["error"]')" "the bot's command names '${mine#"$L/"}/lib/notes', outside its folder: a command names the bot's own files (relative paths) and the system's programs" "... saying why (the path relative to the league's folder)"
expect_eq "$(post "$bob" mine "$TMP/mine.tgz")" 403 "another user's bot: 403"
expect_eq "$(json 'd["error"]')" "this bot's name is another's (a user's or the organiser's): give another" "... saying why"
expect_eq "$(post "$alice" a "$TMP/mine.tgz")" 403 "a bot the organiser added: 403"
expect_eq "$(post nonsense mine "$TMP/mine.tgz")" 401 "a token that is none: 401"
expect_eq "$(code /api/bots -F name=mine -F "archive=@$TMP/mine.tgz")" 401 "no token: 401"
expect_exit 0 "${LEAGUE[@]}" user revoke "$L" bob
expect_eq "$(post "$bob" bobs "$TMP/mine.tgz")" 401 "a revoked token: 401"
for kind in dotdot absolute symlink symlink-up hardlink device fifo; do
	hostile "$kind" "$kind"
	expect_eq "$(post "$alice" "h-$kind" "$TMP/$kind.tgz")" 400 "an archive with a $kind entry: 400"
	expect_eq "$(test -e "$L/uploads/h-$kind" || echo none)" none "... nothing of it kept, not even its bot's folder"
done
expect_eq "$(json 'd["error"]')" "entry 'pipe' is a device, FIFO or socket: a bot's folder holds files, folders and links" \
	"... saying which entry and why"
expect_eq "$(test -e /tmp/escaped || test -e "$L/escaped" || echo none)" none "no entry written outside"
expect_eq "$(post "$alice" '<b>x</b>' "$TMP/mine.tgz")" 400 "markup as a bot's name: 400"
echo 'not a tarball' >"$TMP/junk.tgz"
expect_eq "$(post "$alice" junk "$TMP/junk.tgz")" 400 "an archive that is no .tar.gz: 400"
mkdir "$TMP/nojson" && bot_into "$TMP/nojson" && tar -czf "$TMP/nojson.tgz" -C "$TMP/nojson" .
expect_eq "$(post "$alice" nojson "$TMP/nojson.tgz")" 400 "an archive without bot.json: 400"
expect_eq "$(json 'd["error"]')" 'the archive has no bot.json with the bot'"'"'s "command"' "... saying so"
mkdir "$TMP/crash" && printf '#!/bin/sh\nexit 3\n' >"$TMP/crash/bot" && chmod +x "$TMP/crash/bot"
echo '{"command": "./bot"}' >"$TMP/crash/bot.json"
tar -czf "$TMP/crash.tgz" -C "$TMP/crash" .
expect_eq "$(post "$alice" crash "$TMP/crash.tgz")" "202 refused" "a bot failing its pre-flight: refused"
expect_eq "$(json 'd["error"]')" "the bot failed its pre-flight (referee check-bot): see its report" "... saying so"
expect_eq "$(json '"FAIL" in d["report"]')" True "... with check-bot's checklist"
expect_eq "$(code /api/bots/crash)" 404 "... and the league has it not"
stop

# The caps: what is sent, and what it unpacks to; and a user's rate.
serve "${SERVE_AS[@]}" -- "$L" --no-play --max-upload 1 --uploads-per-minute 3
mkdir "$TMP/big"
head -c $((2 << 20)) /dev/urandom >"$TMP/big/bot"
tar -czf "$TMP/big.tgz" -C "$TMP/big" .
expect_eq "$(post "$alice" big "$TMP/big.tgz")" 413 "an upload over --max-upload 1: 413"
hostile bomb bomb
expect_lt "$(stat -c %s "$TMP/bomb.tgz")" 100000 "a small archive of 3 MB of zeros"
expect_eq "$(post "$alice" bomb "$TMP/bomb.tgz")" 413 "... unpacking past the cap: 413"
expect_eq "$(json 'd["error"]')" "the archive unpacks to more than 1048576 bytes" "... saying so"
hostile many many
expect_eq "$(post "$alice" many "$TMP/many.tgz")" 413 "an archive of 10,001 empty files: 413"
expect_eq "$(json 'd["error"]')" "the archive has more than 10000 entries" "... saying so"
codes=
for _ in 1 2 3 4 5 6 7; do
	codes="$codes $(post "$alice" junk "$TMP/junk.tgz")"
done
expect_contains <(echo "$codes") 429 "a user's uploads past --uploads-per-minute 3: 429 ($codes)"
stop

# kill -9 of a server playing the league, then a restart: no finished
# game lost, and the league goes on.
serve "${SERVE_AS[@]}" -- "$L"
for _ in $(seq 600); do
	[ "$(curl -s "$URL/api/ladder" | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["games"])')" -gt 12 ] && break
	sleep 0.1
done
code /api/ladder >/dev/null
before=$(json 'd["games"]')
expect_lt 6 "$before" "the server plays the league: games beyond the first 6"
kill -9 "$SERVER"
wait "$SERVER" 2>/dev/null
server_stderr
# Its player dies with it (it may end its games first): then the index
# is made again from the logs alone.
for _ in $(seq 100); do
	run "${LEAGUE[@]}" rebuild "$L"
	[ "$RC" -eq 0 ] && break
	sleep 0.2
done
expect_eq "$RC" 0 "after kill -9: the player ended with the server, the index made again"
games_after=$(sed 's/.*: //; s/ games//' "$OUT")
expect_lt $((before - 1)) "$games_after" "after kill -9: every game the server had shown is in the logs"
serve "${SERVE_AS[@]}" -- "$L" --no-play
code /api/ladder >/dev/null
expect_eq "$(json 'd["games"]')" "$games_after" "the restarted server shows them"
# kill -9 mid-upload: an upload sent slowly is cut by the kill; the one
# accepted before it, and every game, is there after a restart.
mkdir "$TMP/bulky"
bot_into "$TMP/bulky"
echo '{"command": "./bot"}' >"$TMP/bulky/bot.json"
head -c $((4 << 20)) /dev/urandom >"$TMP/bulky/data"
tar -czf "$TMP/bulky.tgz" -C "$TMP/bulky" .
expect_eq "$(post "$alice" before-kill "$TMP/mine.tgz")" "202 accepted" \
	"an upload accepted before the kill"
code /api/ladder >/dev/null
cp "$TMP/body" "$TMP/ladder-before"
curl -s -o "$TMP/bulky.out" -w '%{http_code}' -H "Authorization: Bearer $alice" -F name=slow \
	-F "archive=@$TMP/bulky.tgz" --limit-rate 100k "$URL/api/bots" >"$TMP/bulky.code" &
slow_upload=$!
sleep 2
kill -9 "$SERVER"
wait "$SERVER" 2>/dev/null
server_stderr
wait "$slow_upload"
expect_lt 0 $? "the slow upload cut off by the kill"
# Started again from the folder above, the league named relative to it
# (an upload's 'league add' runs in the upload's folder).
cd "$TMP" || exit 99
serve "${SERVE_AS[@]}" -- league --no-play
cd - >/dev/null || exit 99
code /api/ladder >/dev/null
expect_eq "$(cat "$TMP/body")" "$(cat "$TMP/ladder-before")" "after the restart: the same ladder, the upload accepted before the kill in it"
expect_eq "$(code /api/bots/before-kill)" 200 "... its bot's page there"
expect_eq "$(code /api/bots/slow)" 404 "... and the upload cut off not: it was never accepted"
expect_eq "$(test -e "$L/uploads/slow" || echo none)" none "... nothing of it written"
expect_eq "$(post "$alice" slow "$TMP/bulky.tgz")" "202 accepted" "the same upload sent again whole, to a server given a relative folder: accepted"
stop
expect_exit 0 "${AS[@]}" "$REFEREE" verify "$L"

# A bot's page: its rating over time, its games linked to their replay
# pages, its forfeits with its last words, every text escaped; and the
# status page.  evil plays until a file 'now' appears in its folder, then
# writes markup to stderr and exits at the start of each game.
mkdir "$TMP/evil"
bot_into "$TMP/evil"
cat >"$TMP/evil/evil.sh" <<'SH'
#!/bin/sh
if [ -e now ]; then
	echo '<b id="pwn">x</b><script>document.title="pwned"</script>' >&2
	exit 1
fi
exec ./bot
SH
expect_exit 0 "${LEAGUE[@]}" add --workdir "$TMP/evil" "$L" evil sh ./evil.sh
# talker, likewise, once 'now' is there: markup as the info of its
# first move, then a move that is no move.
mkdir "$TMP/talker"
cp "$ZOO/zoo.py" "$TMP/talker/"
cat >"$TMP/talker/talk.py" <<'PY'
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo
def hook(msg, counts):
    if msg.get("type") != "turn" or not os.path.exists("now"):
        return zoo.DEFAULT
    if counts["turn"] == 1:
        return {"action": msg["legal"][0], "info": '<i id="pwn2">said</i>'}
    return {"action": "nowhere"}
sys.exit(zoo.run("talker", hook))
PY
# A league of its own, so that it plays every game.
expect_exit 0 "${LEAGUE[@]}" init "$TMP/talks" --game rolit -o size=6
expect_exit 0 "${LEAGUE[@]}" add --workdir "$TMP/talker" "$TMP/talks" talker /usr/bin/python3 ./talk.py
expect_exit 0 "${LEAGUE[@]}" add "$TMP/talks" a "$TMP/a/bot" "$TMP"
touch "$TMP/evil/now" "$TMP/talker/now"
expect_exit 0 "${LEAGUE[@]}" run "$TMP/talks" --games 4 --concurrency 2
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 8 --concurrency 2
serve "${SERVE_AS[@]}" -- "$L" --no-play
# evil is the organiser's (league add): its stderr is theirs to see
# (league_privacy.sh: who sees what).
expect_exit 0 "${LEAGUE[@]}" user add --porcelain --organiser "$L" olga
olga=$(cat "$OUT")
expect_eq "$(code /api/bots/evil -H "Authorization: Bearer $olga")" 200 "GET /api/bots/evil: 200"
expect_lt 0 "$(json 'len(d["forfeits"])')" "... its forfeits"
expect_eq "$(json 'd["forfeits"][0]["last_words"]["stderr"][-1].split("] ", 1)[1]')" \
	'<b id="pwn">x</b><script>document.title="pwned"</script>' "... each with its last words, the bot's stderr as it wrote it (to the organiser)"
expect_eq "$(json 'all(f["replay"] == "/games/%06d/game-%06d" % (f["id"] // 1000000, f["id"] % 1000000) for f in d["forfeits"])')" True \
	"... and its replay page"
replay=$(json 'd["forfeits"][0]["replay"]')
code /api/bots/a >/dev/null
expect_eq "$(json 'all(g["replay"] == g["log"].replace("/logs/", "/games/").replace(".jsonl", "") for g in d["games"])')" True \
	"GET /api/bots/a: each game with its replay page"
code /api/ladder >/dev/null
all_games=$(json 'd["games"]')
last=$(json '[(r.get("rating"), r["status"]) for r in d["ladder"] if r["name"] == "a"][0]')
code /api/bots/a >/dev/null
expect_eq "$(json '{p["games"] for p in d["history"]} <= (lambda n, s: set(range(s, n, s)) | {n})('"$all_games"', next(2 ** k for k in range(32) if -(-'"$all_games"' // 2 ** k) <= 24))')" \
	True "... its rating over time: at up to 24 points of the season's games, every power of two of them"
expect_eq "$(json 'next(((p["rating"], {"lower": "above", "upper": "below"}.get(p.get("bound"), "rated")) for p in d["history"] if p["games"] == '"$all_games"'), (None, "unrated"))')" \
	"$last" "... the last after them all, as the ladder has it"
expect_eq "$(code "$replay")" 200 "GET of a forfeit's replay page: 200"
expect_not_contains "$TMP/body" '<b id="pwn">' "... the bot's markup not in it as markup"
expect_eq "$(code /games/000001/game-999999)" 404 "GET of a game that is not there: 404"
expect_eq "$(code /games/000001/..%2f..%2fleague --path-as-is)" 404 "GET of a game path out of runs/: 404"
expect_eq "$(code /status)" 200 "GET /status: the status page"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/bots/evil" "$TMP/dom.html"
	expect_not_contains "$TMP/dom.html" '&lt;b id="pwn"&gt;x&lt;/b&gt;&lt;script&gt;' "chromium: evil's page shows a visitor none of its stderr"
	expect_not_contains "$TMP/dom.html" '<b id="pwn">' "... never as markup"
	expect_not_contains "$TMP/dom.html" '<title>pwned' "... nor runs its script"
	expect_contains "$TMP/dom.html" "<a href=\"$replay\">" "... its forfeit linked to its replay page"
	dump_dom "$URL/bots/a" "$TMP/dom.html"
	expect_eq "$(grep -o '<svg id="history"[^>]*>' "$TMP/dom.html" | head -1 | grep -c 'aria-label="rating over games played"')" 1 \
		"chromium: a's page draws its rating over time in an inline SVG"
	expect_contains "$TMP/dom.html" '<polyline points=' "... a line of it"
	expect_contains "$TMP/dom.html" '<a href="/games/0000' "... and links its games' replay pages"
	dump_dom "$URL$replay" "$TMP/dom.html"
	expect_not_contains "$TMP/dom.html" '<b id="pwn">' "chromium: the replay page: the markup never as markup"
	expect_contains "$TMP/dom.html" 'evil' "... the game of evil drawn"
	dump_dom "$URL/status" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" '<th scope="row">Speed</th>' "chromium: the status page draws the status"
	stop
	serve "${SERVE_AS[@]}" -- "$TMP/talks" --no-play
	dump_dom "$URL/bots/talker" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" 'info: &lt;i id="pwn2"&gt;said&lt;/i&gt;' "chromium: talker's page shows the info of its last words as text"
	expect_not_contains "$TMP/dom.html" '<i id="pwn2">' "... never as markup"
	stop
	serve "${SERVE_AS[@]}" -- "$L" --no-play
else
	for _ in $(seq 14); do ok 0 "# SKIP chromium is not installed"; done
fi
# Live, in one chromium tab: the ladder open, a bot uploaded appears on
# it without a reload; after it played, its page links a replay page.
if [ -n "$BROWSER" ]; then
	mkdir "$TMP/late"
	bot_into "$TMP/late"
	echo '{"command": "./bot"}' >"$TMP/late/bot.json"
	tar -czf "$TMP/late.tgz" -C "$TMP/late" .
	printf '%q ' curl -s -o /dev/null -H "Authorization: Bearer $carol" -F name=late \
		-F "archive=@$TMP/late.tgz" "$URL/api/bots" >"$TMP/upload.sh"
	printf '%q ' "${LEAGUE[@]}" run "$L" --games 8 --concurrency 2 >"$TMP/play.sh"
	cdp_port=$(free_ports 1)
	browser --remote-debugging-port="$cdp_port" about:blank >/dev/null &
	chromium=$!
	PYTHONPATH="$(cd "$(dirname "$0")/../tools" && pwd)" "$PYTHON3" - "$cdp_port" "$URL" "$TMP" >"$TMP/live" <<'PY'
import subprocess, sys
from cdp import Page
port, url, tmp = int(sys.argv[1]), sys.argv[2], sys.argv[3]
page = Page(port, url + "/")
print("ladder", page.wait("document.querySelector('#ladder a[href=\"/bots/a\"]') !== null", 30))
page.eval("window.stillHere = true")
print("late before", page.eval("document.querySelector('a[href=\"/bots/late\"]') !== null"))
subprocess.run(["sh", tmp + "/upload.sh"], check=True)
print("late after", page.wait("document.querySelector('a[href=\"/bots/late\"]') !== null", 30))
print("no reload", page.eval("window.stillHere === true"))
subprocess.run(["sh", tmp + "/play.sh"], check=True, stdout=subprocess.DEVNULL)
page.eval("document.querySelector('a[href=\"/bots/late\"]').click()")
print("bot page", page.wait("location.pathname === '/bots/late' && "
                            "document.querySelector('#games a[href^=\"/games/\"]') !== null", 30))
page.eval("document.querySelector('#games a[href^=\"/games/\"]').click()")
print("replay page", page.wait("location.pathname.startsWith('/games/') && "
                               "document.title.endsWith(' replay') && document.body.textContent.includes('late')", 30))
PY
	kill "$chromium" 2>/dev/null
	wait "$chromium" 2>/dev/null
	expect_eq "$(cat "$TMP/live")" "$(printf 'ladder True\nlate before False\nlate after True\nno reload True\nbot page True\nreplay page True')" \
		"chromium: a bot uploaded appears on the open ladder without a reload, and its page leads to a replay page"
else
	ok 0 "# SKIP chromium is not installed"
fi
stop

# As root: no server without --user; with it, the server's process is
# that user's, with no other group, once it listens.
if [ "$(id -u)" -eq 0 ]; then
	expect_exit 2 "$REFEREE" league serve "$L" --no-play --listen "127.0.0.1:$(free_ports 1)"
	expect_eq "$(head -1 "$ERR")" "referee league: serve runs as root only when told which user to become: give --user NAME (it drops to NAME once listening)" \
		"as root without --user: refused"
	expect_exit 2 "$REFEREE" league serve "$L" --no-play --user no-such-user --listen "127.0.0.1:$(free_ports 1)"
	expect_eq "$(head -1 "$ERR")" "referee league: --user: no user 'no-such-user' on this machine" \
		"--user of no user: refused"
	expect_exit 2 "$REFEREE" league serve "$L" --no-play --user root --listen "127.0.0.1:$(free_ports 1)"
	expect_eq "$(head -1 "$ERR")" "referee league: --user: 'root' is root: give a user the server may run as" \
		"--user root: refused"
	serve "${SERVE_AS[@]}" -- "$L" --no-play
	expect_eq "$(grep -E '^(Uid|Gid|Groups):' "/proc/$SERVER/status" | tr -s '\t ' ' ' | sed 's/ $//')" \
		"$(printf 'Uid: 65534 65534 65534 65534\nGid: 65534 65534 65534 65534\nGroups:')" \
		"--user nobody: the server's process is nobody's, with no other group"
	expect_eq "$(code /api/bots/b)" 200 "... and answers: GET /api/bots/b: 200"
	stop
	"${LEAGUE[@]}" init "$TMP/roots" --game rolit >/dev/null
	chown root "$TMP/roots/league.json"
	expect_exit 2 "$REFEREE" league serve "$TMP/roots" --no-play --user nobody --listen "127.0.0.1:$(free_ports 1)"
	expect_eq "$(head -1 "$ERR")" "referee league: the league's folder is not user nobody's to write ('$TMP/roots/league.json'): give it to them (chown -R nobody $TMP/roots)" \
		"--user nobody on a folder with a file of root's: refused, naming it"
else
	for _ in 1 2 3 4 5; do ok 0 "# SKIP needs root: the server's refusal without --user, and its drop to a user"; done
	expect_exit 2 "$REFEREE" league serve "$L" --no-play --user nobody --listen "127.0.0.1:$(free_ports 1)"
	expect_eq "$(head -1 "$ERR")" "referee league: --user is for a server started as root: this one runs as its user already" \
		"--user as a normal user: refused"
fi

done_testing

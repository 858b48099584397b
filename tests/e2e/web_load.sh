#!/usr/bin/env bash
# `referee league serve` under load and attack (docs/LEAGUE-SERVER.md, "The
# server"): idle connections renewed from four addresses, and from forty,
# while a fifth address is answered within a second; 100 clients at once
# on every path, each answer right and the server alive with nothing on
# its stderr; a trusted proxy's clients each held to one address's cap by
# X-Forwarded-For; a second server on the same league refused while the
# first (as root, dropped to its user) runs; no answer showing the
# league folder's path.  As root, the league is nobody's and the server
# drops to them.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }
LOAD=("$PYTHON3" "$top_srcdir/tests/tools/web_load.py")

L=$TMP/league
for b in a b c; do
	mkdir "$TMP/$b"
	bot_into "$TMP/$b"
done
"${LEAGUE[@]}" init "$L" --game rolit -o size=6 >/dev/null &&
	for b in a b c; do "${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot" "$TMP" >/dev/null || exit 1; done &&
	"${LEAGUE[@]}" run "$L" --games 6 --concurrency 2 >/dev/null 2>&1 || { diag "no league"; exit 1; }
REAL_L=$(cd "$L" && pwd -P)

serve "${SERVE_AS[@]}" -- "$L" --no-play

# One server a league: a second on the folder stops at once, while the
# first (as root, become nobody) holds it.
expect_exit 2 "${SERVE_AS[@]}" timeout 10 "$REFEREE" league serve "$L" --no-play "${SERVE_USER[@]}" \
	--listen "127.0.0.1:$(free_ports 1)"
expect_eq "$(head -1 "$ERR")" "referee league: another server serves the league in $L already: one server a league (stop it first)" \
	"a second server on the league: refused"
expect_eq "$(code /api/ladder)" 200 "... and the first serves on"

# Idle connections from four addresses, 64 each (four times the cap of
# one address), each opened again as soon as the server closes it: a
# fifth address is answered within a second, most times (7 of 10 at
# least; the machine may be busy with other work).
expect_lt 6 "$("${LOAD[@]}" flood "$PORT" 127.0.0.2,127.0.0.3,127.0.0.4,127.0.0.5 64 8 127.0.0.6 10)" \
	"idle floods from four addresses: a fifth answered within 1 s (of 10)"
# From forty addresses, 8 each (320 past the 256 of the cap): the oldest
# idle ones make room.
addrs=$(seq -f '127.0.2.%g' 1 40 | paste -sd,)
expect_lt 6 "$("${LOAD[@]}" flood "$PORT" "$addrs" 8 8 127.0.0.6 10)" \
	"idle floods from 40 addresses: a fifth answered within 1 s (of 10)"
expect_eq "$(code /api/ladder)" 200 "... and after them"

log=$(code /api/games >/dev/null && json 'd["games"][0]["log"]')
replay=$(json 'd["games"][0]["replay"]')
# No answer shows the folder's path: an index that cannot be opened is
# named relative to the folder.
"${AS[@]}" mv "$L/league.db" "$L/league.db.away"
expect_eq "$(code /api/ladder)" 503 "an index that is not there: 503"
expect_eq "$(cat "$TMP/body")" '{"error":"league.db is missing; '"'"'referee league rebuild the league'"'"'s folder'"'"' makes it again from the register and the logs"}' \
	"... named relative to the league's folder"
"${AS[@]}" mv "$L/league.db.away" "$L/league.db"
for path in /api/ladder /api/status /api/bots/a /api/games "$log" "$replay" / /bots/a /status /api/bots/none /nothing; do
	code "$path" >/dev/null
	if grep -qF -e "$REAL_L" -e "$L" "$TMP/body"; then
		ok 1 "GET $path: shows the league folder's path"
	else
		ok 0 "GET $path: no path of the host"
	fi
done

# 100 clients at once, each asking every path 3 times (and the replay
# pages of four games: their compressor was one for all threads), a
# connection a request: every answer the one a single client gets.
"$PYTHON3" - "$URL" "$TMP/expected.json" "$log" <<'PY'
import json, sys, urllib.request
url, out = sys.argv[1], sys.argv[2]
paths = ["/api/ladder", "/api/bots/a", "/api/games", "/api/games?bot=b", sys.argv[3], "/",
         "/bots/a", "/status"] + ["/games/000001/game-%06d" % g for g in range(1, 5)]
expected = {p: urllib.request.urlopen(url + p).read().decode() for p in paths}
expected["/api/status"] = None   # its games a second change with the clock
json.dump(expected, open(out, "w"))
PY
"${LOAD[@]}" clients "$PORT" 100 3 "$TMP/expected.json" >"$TMP/clients"
expect_eq "$(head -1 "$TMP/clients")" 3900 "100 clients at once on every path: 3900 requests"
expect_eq "$(tail -n +2 "$TMP/clients" | head -5)" "" "... each answered right"
expect_eq "$(kill -0 "$SERVER" && code /api/ladder)" 200 "... and the server alive"
stop

# Behind a trusted proxy (127.0.0.7): its connections are held by no cap
# of one address, and each request counts as its X-Forwarded-For's last
# address's: 16 uploads held open (their bodies not sent; 2 of each of
# 8 users, a user's most) of client 10.0.0.9, then a 17th of the same
# client refused, another's answered.
expect_exit 0 "${LEAGUE[@]}" user add "$L" alice
alice=$(tail -1 "$OUT")
tokens=
for u in $(seq 8); do
	"${LEAGUE[@]}" user add "$L" "user$u" >"$TMP/user"
	tokens="$tokens,$(tail -1 "$TMP/user")"
done
TMPDIR_SERVE=$TMP/serve-tmp
mkdir -m 0777 "$TMPDIR_SERVE"
serve "${SERVE_AS[@]}" env TMPDIR="$TMPDIR_SERVE" -- "$L" --no-play --trusted-proxy 127.0.0.7 \
	--uploads-per-minute 1000
"$PYTHON3" - "$PORT" "${tokens#,}" >"$TMP/proxy" <<'PY'
import http.client, socket, sys
port, tokens = int(sys.argv[1]), sys.argv[2].split(",")
def held(client, token):
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.7", 0))
    s.sendall(("POST /api/bots HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
               "X-Forwarded-For: 192.0.2.1, %s\r\nContent-Type: multipart/form-data; boundary=held-open\r\n"
               "Content-Length: 100000\r\n\r\n--held-open\r\n" % (token, client)).encode())
    return s
def status(client):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=("127.0.0.7", 0))
    c.request("GET", "/api/ladder", headers={"X-Forwarded-For": client})
    r = c.getresponse()
    return "%d %s" % (r.status, r.read().decode())
socks = [held("10.0.0.9", tokens[i // 2]) for i in range(16)]
import time; time.sleep(1)
print(status("10.0.0.9"))
print(status("10.0.0.10").split()[0])
print(status("garbage").split()[0])
PY
expect_eq "$(sed -n 1p "$TMP/proxy")" '429 {"error":"too many connections from your address at once"}' \
	"a proxied client past 16 connections: 429"
expect_eq "$(sed -n 2p "$TMP/proxy")" 200 "... another client of the proxy: answered"
expect_eq "$(sed -n 3p "$TMP/proxy")" 200 "... and a request of the proxy naming no address"
expect_eq "$(code /api/ladder -H 'X-Forwarded-For: 10.0.0.9')" 200 \
	"... and one from another address naming that client: its own address counts"
# A refused upload's report (check-bot's checklist) shows no path of the
# host either, nor leaves check-bot's games in a folder of TMPDIR.
mkdir "$TMP/dead"
printf '{"command": "./bot"}\n' >"$TMP/dead/bot.json"
printf '#!/bin/sh\nexit 3\n' >"$TMP/dead/bot"
chmod 755 "$TMP/dead/bot"
tar -czf "$TMP/dead.tgz" -C "$TMP/dead" .
expect_eq "$(post "$alice" dead "$TMP/dead.tgz")" "202 refused" \
	"an upload that fails its pre-flight: refused"
expect_eq "$(json '"FAIL" in d["report"]')" True "... its report check-bot's checklist"
expect_eq "$(grep -c '"/' "$TMP/body")" 0 "... and no absolute path"
expect_eq "$(ls "$TMPDIR_SERVE")" "" "... nothing left in the server's TMPDIR"
stop

# Uploads whose bodies come a byte at a time hold their connections with
# a request in progress, none idle for the reserve to close: a user
# sends 2 at once at most (a third, from another address, is 429), and
# --request-seconds (3) cuts each off.  Prints the third's answer, then
# the seconds each of the two held on (none: not cut within 8 s).
serve "${SERVE_AS[@]}" -- "$L" --no-play --uploads-per-minute 100000 --request-seconds 3
"$PYTHON3" - "$PORT" "$alice" >"$TMP/slow" <<'PY'
import select, socket, sys, time
port, token = int(sys.argv[1]), sys.argv[2]
def slow(addr):
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(addr, 0))
    s.sendall(("POST /api/bots HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
               "Content-Type: multipart/form-data; boundary=slow\r\n"
               "Content-Length: 100000\r\n\r\n--slow\r\n" % token).encode())
    return s
start = time.time()
socks = [slow("127.0.3.1"), slow("127.0.3.2")]
time.sleep(0.5)
third = slow("127.0.3.3")
print(third.recv(4096).decode().split("\r\n")[-1])
held = {}
while len(held) < 2 and time.time() - start < 8:
    for s in socks:
        if s in held:
            continue
        try:
            s.send(b"x")
            if select.select([s], [], [], 0)[0] and not s.recv(4096):
                held[s] = time.time() - start
        except OSError:
            held[s] = time.time() - start
    time.sleep(0.2)
print(" ".join("%.1f" % held[s] if s in held else "none" for s in socks))
PY
expect_eq "$(sed -n 1p "$TMP/slow")" '{"error":"you are sending 2 uploads already: send one at a time"}' \
	"a user's third upload sent while two trickle: 429, saying why"
expect_eq "$(sed -n 2p "$TMP/slow" | awk '{ for (i = 1; i <= 2; i++) if ($i == "none" || $i < 2.5 || $i > 6) { print "no"; exit } print "yes" }')" yes \
	"... and the two cut off by --request-seconds 3 (after 2.5 to 6 s: $(sed -n 2p "$TMP/slow"))"
printf 'not an archive' >"$TMP/junk.tgz"
expect_eq "$(send "$alice" junk "$TMP/junk.tgz")" 400 "... then the user's next upload is read again (400: no archive)"
stop

done_testing

#!/usr/bin/env bash
# What a client of `referee league serve` sends that the server must not
# believe (docs/LEAGUE-SERVER.md, "The server"): a request that frames its body
# two ways (two Content-Length headers, one that is not plain digits, one
# with Transfer-Encoding) refused with 400 before its body is read, the
# request smuggled in that body never answered; behind a trusted proxy,
# clients named in X-Forwarded-For by IPv6 addresses (each of a /64 its
# own, rotated) and IPv4-mapped ones held to one address's cap exactly as
# IPv4 ones are; and a user's third costly answer at once (a replay page,
# a grade) refused with 429 and Retry-After while /api/status is answered.
# As root, the league is nobody's and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
# Bolo to 3000: a grade solves the tables of that target, seconds of
# work a handler thread, once a server (in a cache folder of its own).
L=$TMP/league
mkdir "$TMP/bot" && bot_into "$TMP/bot"
"${LEAGUE[@]}" init "$L" --game bolo -o target=3000 >/dev/null 2>&1 &&
	for b in a b c; do "${LEAGUE[@]}" add "$L" "$b" "$TMP/bot/bot" "$TMP" >/dev/null || exit 1; done
"${LEAGUE[@]}" run "$L" --games 6 --concurrency 2 >/dev/null 2>&1 || { diag "no league"; exit 1; }
tokens=
for u in $(seq 10); do
	"${LEAGUE[@]}" user add --porcelain "$L" "user$u" >"$TMP/user"
	tokens="$tokens,$(cat "$TMP/user")"
done
tokens=${tokens#,}
# serve_fresh ARGS: the server of L with a cache of values of its own,
# empty: its first grades solve their tables.
serve_fresh() {
	local cache
	cache=$(mktemp -d "$TMP/cache.XXXXXX")
	chmod 0777 "$cache"
	serve "${SERVE_AS[@]}" env XDG_CACHE_HOME="$cache" -- "$L" --no-play "$@"
}
serve_fresh --trusted-proxy 127.0.0.7 --uploads-per-minute 1000

# raw REQUEST: the server's whole answer to REQUEST (printf's escapes)
# sent on one connection, read until it closes (5 s at most).
raw() {
	"$PYTHON3" - "$PORT" "$1" <<'PY'
import socket, sys
s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=5)
s.sendall(sys.argv[2].encode().decode("unicode_escape").encode("latin-1"))
got = b""
try:
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        got += chunk
except socket.timeout:
    got += b"\n(still open after 5 s)"
print(got.decode("latin-1"))
PY
}
# answers TEXT: its HTTP status lines, then its last line (a body).
answers() { printf '%s\n' "$1" | grep -c '^HTTP/1.1 '; printf '%s\n' "$1" | tail -1; }

# Request smuggling: a body framed two ways is refused before it is
# read, and the request in it (a GET of /api/status) never answered.
smuggled='\r\nGET /api/status HTTP/1.1\r\nHost: x\r\n\r\n'
expect_eq "$(answers "$(raw "POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: 40\r\n$smuggled")")" \
	'1
{"error":"the request gives Content-Length more than once: give it once"}' \
	"two Content-Length headers: 400, the request in the body not answered"
expect_eq "$(answers "$(raw "GET /api/ladder HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\ncontent-length: 40\r\n$smuggled")")" \
	'1
{"error":"the request gives Content-Length more than once: give it once"}' \
	"... of the same value, in another case, on a GET: 400"
# One that is no number libmicrohttpd refuses itself, with 400 and a
# page of its own, and closes the connection (it writes its status line
# twice): what matters is that the request in the body is not answered.
for length in 40abc +40 ' 0x28' -1 99999999999999999999; do
	status='400 Bad Request'
	[ "$length" != 99999999999999999999 ] || status='413 Content Too Large'
	answer=$(raw "POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Length: $length\r\n$smuggled")
	expect_eq "$(printf '%s\n' "$answer" | head -1 | tr -d '\r'; printf '%s\n' "$answer" | grep -c '^{')" \
		"HTTP/1.1 $status
0" "Content-Length: '$length': ${status%% *}, the request in the body not answered"
done
# Digits it takes that a proxy's 64-bit number may not: refused here.
for length in 0000000000000000040 1000000000000000000; do
	expect_eq "$(answers "$(raw "POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Length: $length\r\n$smuggled")")" \
		'1
{"error":"Content-Length is the body'"'"'s size in at most 18 decimal digits"}' \
		"Content-Length: $length: 400"
done
expect_eq "$(answers "$(raw "POST /api/bots HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n$smuggled")")" \
	'1
{"error":"the request gives both Content-Length and Transfer-Encoding: give one"}' \
	"Content-Length and Transfer-Encoding: 400"
expect_eq "$(answers "$(raw "GET /api/ladder HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")" | head -1)" 1 \
	"... one plain Content-Length: answered"
expect_eq "$(code /api/ladder)" 200 "... and the server answers on"

# Behind a trusted proxy (127.0.0.7), 20 uploads held open (their bodies
# not sent, 2 of each of 10 users) for one client named in
# X-Forwarded-For: 16 go on (--per-ip's default), 4 are refused, whether
# the client is named by IPv4, by IPv6 addresses of one /64 (a host's:
# rotating them gains nothing) in every form, or IPv4-mapped.
held() {
	"$PYTHON3" - "$PORT" "$tokens" "$@" <<'PY'
import http.client, select, socket, sys, time
port, tokens, clients = int(sys.argv[1]), sys.argv[2].split(","), sys.argv[3:]
socks = []
for i in range(20):
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=("127.0.0.7", 0))
    s.sendall(("POST /api/bots HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer %s\r\n"
               "X-Forwarded-For: 198.51.100.1, %s\r\nContent-Type: multipart/form-data; boundary=held\r\n"
               "Content-Length: 100000\r\n\r\n--held\r\n" % (tokens[i // 2], clients[i % len(clients)])).encode())
    socks.append(s)
time.sleep(1)
refused = sum(1 for s in socks if select.select([s], [], [], 0)[0] and b" 429 " in s.recv(4096))
c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
start = time.time()
c.request("GET", "/api/status")
status = c.getresponse().status
print(refused, status, "fast" if time.time() - start < 1 else "slow")
PY
}
expect_eq "$(held 10.0.0.9)" "4 200 fast" "20 uploads of IPv4 client 10.0.0.9: 4 refused, /api/status answered"
sleep 0.5
expect_eq "$(held 2001:db8:0:1::1 2001:db8:0:1::2 '[2001:db8:0:1:ffff::3]:443' 2001:0db8:0000:0001:0000:0000:0000:0004 '[2001:db8:0:1::5]')" \
	"4 200 fast" "... of IPv6 addresses of one /64, full, compressed, bracketed: 4 refused"
sleep 0.5
expect_eq "$(held ::ffff:10.0.0.9 10.0.0.9:5555 '[::ffff:10.0.0.9]:80')" "4 200 fast" \
	"... of 10.0.0.9 IPv4-mapped and with ports: 4 refused"
sleep 0.5
expect_eq "$(held 2001:db8:0:1::1 2001:db8:0:2::1)" "0 200 fast" \
	"... 10 each of two /64s: none refused"
stop

# costly CURL-ARGS...: three grades (a table's solve each, seconds) asked
# at once, half a second apart, by whom CURL-ARGS make the asker, and
# /api/status meanwhile: the third's status, Retry-After and body, then
# /api/status's status and whether it came within a second, then the
# first two's statuses.
costly() {
	local i
	for i in 1 2; do
		curl -s -o /dev/null -w '%{http_code}\n' "$@" "$URL/api/grade/000001/game-00000$i" >"$TMP/costly$i" &
		sleep 0.5
	done
	curl -s -D "$TMP/headers" -o "$TMP/body" -w '%{http_code}\n' "$@" "$URL/api/grade/000001/game-000003"
	tr -d '\r' <"$TMP/headers" | sed -n 's/^Retry-After: //p'
	cat "$TMP/body"; echo
	curl -s -o /dev/null -w '%{http_code} %{time_total}\n' "$URL/api/status" |
		awk '{ print $1, ($2 < 1 ? "fast" : "slow " $2) }'
	wait
	cat "$TMP/costly1" "$TMP/costly2"
}
costly_refused='429
1
{"error":"you have 2 logs, replays, grades or bots'"'"' pages being made already: ask again once one is answered"}
200 fast
200
200'
serve_fresh
expect_eq "$(costly)" "$costly_refused" \
	"a client without a token: its third grade at once 429 with Retry-After, /api/status answered, the two answered"
stop
serve_fresh
user1=${tokens%%,*}
expect_eq "$(costly -H "Authorization: Bearer $user1" --interface 127.0.0.2)" "$costly_refused" \
	"a user's token: their third grade at once 429, from another address too"
stop

done_testing

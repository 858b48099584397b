#!/usr/bin/env bash
# GET /api/commitments (docs/LEAGUE-SERVER.md, "The server"): a served league
# that plays publishes each set's commitment C, its run, set and games,
# and its seats' versions (name, number, hash), in an append-only feed:
# polled while the league plays, no entry ever changes and none is taken
# out; every set whose log exists is in it with the C of its log's commit
# record and the versions its log's header seats; paging with after= and
# limit= works; a bad query is a 400 that says what is wrong; the page
# /commitments is served.  A bot's program replaced while it plays is
# named in GET /api/status as not played, and the feed is still what it
# was.  As root the league is nobody's and the server
# drops to them.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/web_serve.sh"
command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }
league_as_user
league_of_two
serve "${SERVE_AS[@]}" -- "$L"

# feed N: the whole feed (every page, from after=0) into $TMP/feed-N.json,
# the entries only.
feed() {
	local after=0 more=True
	: >"$TMP/feed-$1.jsonl"
	while [ "$more" = True ]; do
		[ "$(code "/api/commitments?after=$after")" = 200 ] || { echo "status $(cat "$TMP/body")"; return 1; }
		json '"\n".join(json.dumps(e, sort_keys=True) for e in d["entries"])' >>"$TMP/feed-$1.jsonl"
		more=$(json 'd["more"]')
		after=$(json 'd["next"]')
	done
	sed -i '/^$/d' "$TMP/feed-$1.jsonl"
}
for _ in $(seq 600); do
	status=$(code /api/commitments)
	[ "$status" != 200 ] || [ "$(json 'd["total"]')" -gt 0 ] && break
	sleep 0.1
done
expect_eq "$status" 200 "GET /api/commitments: 200"
# Polls a second apart until the feed has grown (a run hands out its
# workers' tasks, --batch sets each, as they finish), 60 at most.
feed 1
n1=$(wc -l <"$TMP/feed-1.jsonl")
polls=1
while [ "$polls" -lt 60 ] && [ "$(wc -l <"$TMP/feed-$polls.jsonl")" -eq "$n1" ]; do
	sleep 1
	polls=$((polls + 1))
	feed "$polls" || break
done
# The logs there before the last poll: each one's set was in the feed
# before its first bot moved, so it must be in that poll.
ls "$L"/runs/*/game-*.jsonl >"$TMP/logs"
polls=$((polls + 1))
feed "$polls"
last=$TMP/feed-$polls.jsonl
nlast=$(wc -l <"$last")
ok "$([ "$nlast" -gt "$n1" ] && [ "$n1" -gt 0 ]; echo $?)" "the feed grows while the league plays ($n1 entries, then $nlast)"
grows=0
for i in $(seq 2 "$polls"); do
	prev=$(wc -l <"$TMP/feed-$((i - 1)).jsonl")
	head -n "$prev" "$TMP/feed-$i.jsonl" | cmp -s - "$TMP/feed-$((i - 1)).jsonl" || grows=1
done
ok "$grows" "append-only: every poll begins with the whole of the one before, byte for byte"
expect_eq "$("$PYTHON3" -c 'import json, sys; print([json.loads(l)["n"] for l in open(sys.argv[1])] == list(range(1, int(sys.argv[2]) + 1)))' "$last" "$nlast")" True \
	"the entries are numbered 1, 2, ... in order"

# Every set whose first log existed before the last poll is in the feed
# with its log's C and seats.
checked=$("$PYTHON3" - "$L" "$last" "$TMP/logs" <<'PY'
import gzip, hashlib, json, os, sys
league, feed, logs = sys.argv[1:]
entries = {(e["run"], e["games"][0]): e for e in map(json.loads, open(feed))}
register = {}
for line in open(league + "/register.jsonl"):
    r = json.loads(line)
    if r.get("type") == "add":
        register[r["hash"]] = (r["name"], r["number"])
def lines(path):
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    return [json.loads(l) for l in raw.split(b"\n") if l.strip()]
bad, seen = [], 0
for path in open(logs).read().split():
    run = int(os.path.basename(os.path.dirname(path)))
    game = int(os.path.basename(path)[5:11])
    if (game - 1) % 2:
        continue
    log = lines(path)
    e = entries.get((run, game))
    seen += 1
    if e is None:
        bad.append((run, game, "not in the feed"))
        continue
    c = next(l["commitment"] for l in log if l.get("type") == "commit")
    seats = []
    for p in log[0]["players"]:
        h = hashlib.sha256(json.dumps([p["command"]] + [f["sha256"] for f in p["files"]],
                                      separators=(",", ":")).encode()).hexdigest()
        seats.append({"name": p["name"], "version": register[h][1], "hash": h})
    if e["c"] != c or e["seats"] != seats or e["set"] != (game - 1) // 2 + 1 or e["games"] != [game, game + 1]:
        bad.append((run, game, e, c, seats))
print("%d %s" % (seen, bad[:1]))
PY
)
expect_eq "${checked#* }" "[]" "every set whose log exists: the feed's C is its log's, its seats its log's versions (${checked%% *} sets)"
ok "$([ "${checked%% *}" -gt 0 ]; echo $?)" "... and there were such sets"

expect_eq "$(code '/api/commitments?after=0&limit=1')" 200 "limit=1: 200"
expect_eq "$(json '[len(d["entries"]), d["entries"][0]["n"], d["next"], d["more"]]')" "[1, 1, 1, True]" \
	"... one entry, the first, next 1, more to come"
expect_eq "$(code '/api/commitments?after=1&limit=2')" 200 "after=1&limit=2: 200"
expect_eq "$(json '[e["n"] for e in d["entries"]] + [d["next"]]')" "[2, 3, 3]" "... entries 2 and 3, next 3"
expect_eq "$(json 'json.dumps(d["entries"][0], sort_keys=True)')" "$(sed -n 2p "$last")" \
	"... entry 2 the same as the whole feed's"
expect_eq "$(json 'sorted(d["entries"][0])')" "['c', 'games', 'n', 'run', 'seats', 'set']" "an entry's members"
expect_eq "$(json 'sorted(d["entries"][0]["seats"][0])')" "['hash', 'name', 'version']" "a seat's members"

bad() {
	expect_eq "$(code "/api/commitments?$1")" 400 "?$1: 400"
	expect_eq "$(json 'd["error"]')" "$2" "... saying: $2"
}
bad 'after=x' "after takes the number of the last entry you have (0 or more)"
bad 'after=-1' "after takes the number of the last entry you have (0 or more)"
bad 'after=1e3' "after takes the number of the last entry you have (0 or more)"
bad 'limit=0' "limit takes a number of entries from 1 to 1000"
bad 'limit=1001' "limit takes a number of entries from 1 to 1000"
bad 'since=3' "the feed takes after=N (the last entry you have) and limit=K, nothing else"
expect_eq "$(code '/api/commitments?after=100000000')" 400 "after past the feed's end: 400"
expect_contains "$TMP/body" "after is past the feed's end: it has " "... saying how many entries it has"

expect_eq "$(code /commitments)" 200 "the page /commitments: 200"
expect_contains "$TMP/body" "<title>League of rolit</title>" "... the league's page"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/commitments" "$TMP/dom.html"
	first=$(sed -n 1p "$last")
	expect_contains "$TMP/dom.html" "<td>$(echo "$first" | "$PYTHON3" -c 'import json, sys; print(json.load(sys.stdin)["c"])')</td>" \
		"chromium: the page draws the first set's C"
	expect_contains "$TMP/dom.html" "<a href=\"/commitments\">commitments</a>" "... and links to itself, as every page does"
	dump_dom "$URL/status" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" "<a href=\"/commitments\">commitments</a>" "chromium: the status page links to the commitments"
fi
expect_eq "$(code /api/status)" 200 "GET /api/status: 200"
expect_eq "$(json '"changed" in d')" False "... and no version is not played for its files"

# A bot's program replaced while the server's player plays it: the
# status says that version is not played, and why ("A version is its
# files"); the feed goes on as it was.
# (a copy renamed into its place: a running program's file cannot be
# written to)
cp "$TMP/a/bot" "$TMP/a/bot.new"
printf 'x' >>"$TMP/a/bot.new"
mv "$TMP/a/bot.new" "$TMP/a/bot"
for _ in $(seq 600); do
	code /api/status >/dev/null
	[ "$(json '"changed" in d')" = True ] && break
	sleep 0.1
done
expect_eq "$(json '[(c["name"], c["version"], c["words"].replace(c["now"][:12], "H")) for c in d["changed"]]')" \
	"[('a', 1, 'a v1: its files changed after it was added (they hash to H now): it is not played until it is added again')]" \
	"GET /api/status: a v1 is not played, in words, once its program was replaced"
expect_eq "$(code "/api/commitments?after=0&limit=$nlast")" 200 "the feed after it"
expect_eq "$(json '"\n".join(json.dumps(e, sort_keys=True) for e in d["entries"])')" "$(cat "$last")" \
	"... begins with the whole of what it was"
stop
expect_exit 0 "$REFEREE" verify "$L"
done_testing

#!/usr/bin/env bash
# A bot's own stderr as the league's server serves it to its owner (GET
# /api/words/RUN/GAME), when the bot wrote its whole --max-stderr as empty
# lines (tests/zoo/flood-lines.py): a million lines, of which the answer
# holds the first 200 and the last 200 with "[N lines left out]" between
# (docs/REPLAY.md, "The bot's own words"), made in a bounded memory.
# Eight such requests at once: GET /api/status is still answered within
# 2 s, each of the eight gets the same capped answer or, past the two a
# user may have under way, 429, and the server's
# peak resident memory stays under 150 MB (it grew by 490 MB a request
# when every line was kept).  As root the league is nobody's and the
# server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

# alice's flood plays the organiser's a.
league_as_user
league_of alice
zoo_archive flood-lines
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(post "$alice" flood "$TMP/flood-lines.tgz")" "202 accepted" "alice uploads flood: accepted"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1
G=$L/runs/000001/game-000001.jsonl
expect_eq "$(gzip -dcf "$G" | head -n 1 | "$PYTHON3" -c 'import json, sys; print(sorted(p["name"] for p in json.load(sys.stdin)["players"]))')" \
	"['a', 'flood']" "game 1: flood plays a"

# The games of a set are played at once, and a bot's --max-stderr is its
# processes' together: the flood is in the game whose process wrote first.
# flood_game: that game of the run's two, as its words are served.
flood_game() {
	local n
	for n in 1 2; do
		code "/api/words/000001/game-00000$n" -H "Authorization: Bearer $alice" >/dev/null
		grep -q 'flood: first' "$TMP/body" && echo "game-00000$n"
	done
}
# flood_lines: the lines of flood's first move in the answer in $TMP/body,
# as "COUNT | FIRST | LINE 201 | LAST".
flood_lines() {
	json '" | ".join(next([str(len(w["stderr"])), w["stderr"][0], w["stderr"][200], w["stderr"][-1]] for w in d if w.get("stderr", [""])[0] == "flood: first"))'
}
FLOOD=$(flood_game)
expect_eq "$(cat "$L"/stderr/flood-v1*.stderr | grep -c '^$')" 1048563 \
	"flood's stderr files: 1,048,563 empty lines, its --max-stderr (1 MiB) but its first line"
expect_eq "$(code "/api/words/000001/$FLOOD" -H "Authorization: Bearer $alice")" 200 "GET /api/words/000001/$FLOOD with alice's token: 200"
expect_eq "$(flood_lines)" "401 | flood: first | [1048165 lines left out] | [stderr truncated after 1048576 bytes]" \
	"... flood's first move: its first 200 lines, how many were left out, its last 200"
expect_lt "$(stat -c %s "$TMP/body")" 20000 "... an answer of a few KB"
cp "$TMP/body" "$TMP/alone"

# Eight at once, and the status asked meanwhile.
pids=()
for i in 1 2 3 4 5 6 7 8; do
	curl -s -o "$TMP/words.$i" -w '%{http_code}' -H "Authorization: Bearer $alice" \
		"$URL/api/words/000001/$FLOOD" >"$TMP/status.$i" &
	pids+=($!)
done
sleep 0.2
start=$(now_ms)
status=$(code /api/status -m 10)
elapsed=$(($(now_ms) - start))
wait "${pids[@]}"
expect_eq "$status" 200 "GET /api/status while 8 requests of flood's words are served: 200"
expect_lt "$elapsed" 2000 "... within 2 s"
# A user has two costly answers under way at most (docs/LEAGUE-SERVER.md, "The
# server"): the others are told to come back (429).
answered=$(grep -l '^200$' "$TMP"/status.* | sed 's/.*status\.//' | tr '\n' ' ')
expect_eq "$(cat "$TMP"/status.* | fold -w 3 | grep -cvE '^(200|429)$')" 0 "... each of the 8 answered 200 or 429"
ok "$([ "$(wc -w <<<"$answered")" -ge 2 ]; echo $?)" "... two at least answered 200 (${answered% })"
for i in $answered; do
	cmp -s "$TMP/words.$i" "$TMP/alone" || echo "$i"
done >"$TMP/unlike"
expect_eq "$(cat "$TMP/unlike")" "" "... each 200 the answer given alone"
peak=$(sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB$/\1/p' "/proc/$SERVER/status")
expect_lt "$((peak / 1024))" 150 "the server's peak resident memory, in MB"
stop
assert_no_leftovers
done_testing

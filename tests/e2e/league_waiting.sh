#!/usr/bin/env bash
# The ladder's newcomers (docs/LEAGUE-LADDER.md, "The ladder"): a version with
# no game yet is shown waiting for its first game with its place in the
# queue, the order the picker seats them in, never as "- - 0"; a bot's
# old version stays ranked, marked superseded, until its new version is
# rated, so that the bot does not fall off the ladder meanwhile; the same
# in `league ladder` (table, json, csv), GET /api/ladder and GET
# /api/bots/NAME.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user

L=$TMP/league
"${LEAGUE[@]}" init "$L" --game rolit -o size=6 >/dev/null
for b in a b c; do
	mkdir "$TMP/$b" && bot_into "$TMP/$b"
	"${LEAGUE[@]}" add "$L" "$b" "$TMP/$b/bot" "$TMP" >/dev/null
done
ladder_json() { "${LEAGUE[@]}" ladder "$L" --versions --format json; }
# FIELD of bot NAME's version K in the ladder's json ("" when it has none).
field() { ladder_json | "$PYTHON3" -c 'import json, sys
rows = [r for r in json.load(sys.stdin)["ladder"] if r["name"] == sys.argv[1] and r["version"] == int(sys.argv[2])]
print(rows[0].get(sys.argv[3], "") if rows else "")' "$1" "$2" "$3"; }
hash_of() { field "$1" "$2" files | cut -c1-12; }

# Three bots without a game: their places in the queue, no figures.
expect_exit 0 "${LEAGUE[@]}" ladder "$L"
expect_eq "$(cat "$OUT")" "$(printf '%-4s %-24s %-7s %-12s %6s %7s %-14s %6s %5s %5s %5s %6s %8s %4s %s\n' rank bot version files lower rating '95% interval' games wins draws loss score forfeits cut owner
printf '%-4s %-24s %-7s %s waiting for its first game, %s in the queue\n' 1 a v1 "$(hash_of a 1)" 1st 2 b v1 "$(hash_of b 1)" 2nd 3 c v1 "$(hash_of c 1)" 3rd)" \
	"table: a version without a game waits, with its place in the queue"
expect_eq "$(field c 1 waiting) $(field c 1 note) $(field c 1 rating)|$(field c 1 games)" \
	"3 waiting for its first game, 3rd in the queue |0" "json: its place in the queue and the note, no rating"

# The queue is the picker's order: one set seats the first of it, and
# the one left of the others is first now.
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 2 --concurrency 1 --batch 1
expect_eq "$(field a 1 games)" 2 "the 1st in the queue played the first set"
left=$(ladder_json | "$PYTHON3" -c 'import json, sys; print(" ".join(r["name"] + ":" + str(r["waiting"]) for r in json.load(sys.stdin)["ladder"] if "waiting" in r))')
expect_eq "$(echo "$left" | wc -w) ${left#*:}" "1 1" "... and the one left waiting is 1st now ($left)"

# Until a v1 has a rating (random bots: a few runs at most).
for _ in 1 2 3 4 5 6; do
	"${LEAGUE[@]}" run "$L" --games 40 --concurrency 2 >/dev/null
	[ "$(field a 1 status)" = rated ] && break
done
expect_eq "$(field a 1 status)" rated "a v1 is rated"

# a v2: a v1 stays ranked, superseded until v2 is rated.
printf 'x' >>"$TMP/a/bot"
"${LEAGUE[@]}" add "$L" a "$TMP/a/bot" "$TMP" >/dev/null
expect_exit 0 "${LEAGUE[@]}" ladder "$L"
a1=$(grep -E "^[0-9]+ +a +v1 " "$OUT")
expect_eq "$(echo "$a1" | sed -E 's/^[0-9]+ +a +v1 +[0-9a-f]{12} +[-+][0-9]+ +[-+][0-9]+ +\[[-+][0-9]+, [-+][0-9]+\] +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ +[0-9]+ +[0-9]+ +[^ ]+ //')" \
	"superseded until v2 is rated" "table: a v1 ranked, with its figures, marked superseded ($a1)"
expect_eq "$(grep -E "^[0-9]+ +a +v2 " "$OUT" | sed -E 's/^[0-9]+ +//')" \
	"$(printf '%-24s %-7s %s waiting for its first game, 1st in the queue' a v2 "$(hash_of a 2)")" \
	"table: a v2 waits, 1st in the queue"
expect_eq "$(grep -cE '^[0-9]+ ' "$OUT")" 4 "table: four ranked rows, the bot's two versions among them"
expect_eq "$(field a 1 state)|$(field a 1 note)|$([ -n "$(field a 1 rank)" ]; echo $?)" \
	"superseded|superseded until v2 is rated|0" "json: a v1 ranked, its state and note"
expect_eq "$("${LEAGUE[@]}" ladder "$L" --format csv | grep ',a,1,' | cut -d, -f1,5 | grep -c '^[0-9]*,superseded$')" 1 \
	"csv: a v1 ranked, superseded"

# The server says the same: the ladder, and the bot's page's versions.
serve "${SERVE_AS[@]}" -- "$L" --no-play
expect_eq "$(code /api/ladder)" 200 "GET /api/ladder: 200"
expect_eq "$(cat "$TMP/body")" "$(ladder_json)" "... the ladder as 'league ladder --format json --versions' prints it"
expect_eq "$(code /api/bots/a)" 200 "GET /api/bots/a: 200"
expect_eq "$(json '"|".join("v%d %s %s" % (v["version"], v.get("waiting", "-"), v.get("note", "-")) for v in d["versions"])')" \
	"v1 - superseded until v2 is rated|v2 1 waiting for its first game, 1st in the queue" \
	"... its versions noted: superseded, and waiting with its place"
if [ -n "$BROWSER" ]; then
	dump_dom "$URL/" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" '<td>v2</td><td></td><td>waiting for its first game, 1st in the queue</td><td></td><td></td><td></td><td></td><td></td><td></td><td></td><td></td><td>active</td>' \
		"chromium: the ladder page shows a v2 waiting, with its place, not '- - 0'"
	expect_contains "$TMP/dom.html" '<td>superseded until v2 is rated</td></tr>' "chromium: ... and a v1 superseded"
	dump_dom "$URL/bots/a" "$TMP/dom.html"
	expect_contains "$TMP/dom.html" '<td>waiting for its first game, 1st in the queue</td></tr>' \
		"chromium: the bot's page notes its versions"
else
	for _ in 1 2 3; do ok 0 "# SKIP chromium is not installed"; done
fi
stop

# Once a v2 is rated, a v1 leaves the ranks, old.
for _ in 1 2 3 4 5 6 7 8; do
	"${LEAGUE[@]}" run "$L" --games 40 --concurrency 2 >/dev/null
	[ "$(field a 2 status)" = rated ] && break
done
expect_eq "$(field a 2 status)" rated "a v2 is rated"
expect_eq "$(field a 1 state)|$(field a 1 note)|$(field a 1 rank)" "old||" "a v1 old now: no rank, no note"
expect_eq "$("${LEAGUE[@]}" ladder "$L" | grep -cE '^[0-9]+ +a +v1 ')" 0 "table: a v1 off the ranks"

assert_no_leftovers
done_testing

#!/usr/bin/env bash
# The league's quotas on uploads (docs/LEAGUE-SERVER.md, "Quotas") as one
# user's token meets them, uploading archives of many small files again
# and again: `league quota` sets them small; six versions of 120 files
# are each taken, the oldest's files removed once two newer ones are
# there, so that the uploads never hold more than the quota, while a
# reader's GET /api/status is answered at once; an archive that would
# pass the files quota, and one of 600 tiny files that passes the bytes
# quota (counted in blocks, as a disk holds them), are refused while
# read, before anything is written, saying which quota, what is used and
# what to do; another user still uploads, until the league's own quota
# is reached; then without the server, a
# version's folder entered by `league add --owner` meets the same
# quotas, and old versions that played lose their files with `referee
# verify` of the league passing after, except while the run going on
# seats them.  As root the league is nobody's
# and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"

league_as_user
league_of mallory alice

# many NAME K: $TMP/NAME.tgz, the test's bot (its program made a version
# of its own by NAME's bytes at its end) with K files of a few bytes in
# junk/: an archive of K + 4 entries (., bot, bot.json, junk).
many() {
	mkdir -p "$TMP/$1/junk"
	bot_into "$TMP/$1"
	printf '%s' "$1" >>"$TMP/$1/bot"
	echo '{"command": "./bot"}' >"$TMP/$1/bot.json"
	(cd "$TMP/$1/junk" && for k in $(seq "$2"); do echo "$k" >"$k"; done)
	tar -czf "$TMP/$1.tgz" -C "$TMP/$1" .
}
files() { find "$L/uploads" -mindepth 1 | wc -l; }

expect_exit 0 "${LEAGUE[@]}" quota "$L"
expect_eq "$(cat "$OUT")" "quotas: each user's uploads 200 MB and 20000 files, each bot's newest 5 versions keeping their files; all uploads 10240 MB and 1000000 files
uploads: 0.0 MB and 0 files in all" "league quota: the defaults, and nothing uploaded"
expect_exit 2 "${LEAGUE[@]}" quota "$L" --versions-kept 0
expect_eq "$(head -1 "$ERR")" "referee league: --versions-kept takes a whole number from 1 to 1000, not '0'" \
	"--versions-kept 0: refused, saying what it takes"
expect_exit 0 "${LEAGUE[@]}" quota "$L" --user-files 300 --versions-kept 2
expect_eq "$(head -1 "$OUT")" "quotas: each user's uploads 200 MB and 300 files, each bot's newest 2 versions keeping their files; all uploads 10240 MB and 1000000 files" \
	"league quota --user-files 300 --versions-kept 2: set"
serve_uploads

# --- one token, six versions of 120 small files, a reader meanwhile -----------
for v in 1 2 3 4 5 6; do many "m$v" 120; done
(
	for v in 1 2 3 4 5 6; do
		echo "$(post "$mallory" m "$TMP/m$v.tgz") $(files)"
		cat "$TMP/body" >>"$TMP/bodies"
	done >"$TMP/attack"
) &
attack=$!
slow=0 worst=0
for _ in $(seq 20); do
	t=$(curl -s -o /dev/null -w '%{time_total}' "$URL/api/status")
	"$PYTHON3" -c "import sys; sys.exit(float(sys.argv[1]) >= 1)" "$t" || slow=$((slow + 1))
	worst=$("$PYTHON3" -c "import sys; print(max(float(sys.argv[1]), float(sys.argv[2])))" "$t" "$worst")
	sleep 0.2
done
wait "$attack"
expect_eq "$slow" 0 "GET /api/status 20 times while one user uploads six versions and their pre-flights play: each under 1 s (the slowest $worst s)"
expect_eq "$(cut -d' ' -f1,2 "$TMP/attack" | sort | uniq -c | sed 's/^ *//')" "6 202 accepted" \
	"... each of the six versions of 120 files taken" || diag "$(cat "$TMP/bodies")"
expect_eq "$(cut -d' ' -f3 "$TMP/attack" | tr '\n' ' ')" "125 249 249 249 249 249 " \
	"... the uploads holding 125 files, then 249 (two versions): never more than the quota of 300"
expect_eq "$(grep -c '"type":"add","name":"m"' "$L/register.jsonl")" 6 "... every version in the register"
expect_eq "$(ls "$L/uploads/m" | wc -l)" 2 "... the files of the newest two kept"
expect_eq "$(code /api/status) $(json 'd["quota"]')" \
	"200 {'user_mb': 200, 'user_files': 300, 'versions_kept': 2, 'league_mb': 10240, 'league_files': 1000000}" \
	"GET /api/status: the quotas"

# --- past the files quota: refused while read -----------------------------------
many big 250
expect_eq "$(send "$mallory" m "$TMP/big.tgz")" 413 "a seventh version of 250 files: 413"
expect_eq "$(json 'd["error"]')" "over your quota of 300 files: your bots' uploads keep 125 files beside this one, and this archive has at least 176 more: send a bot of fewer files, or ask the league's organiser for a larger quota (the league keeps the files of each bot's newest 2 versions)" \
	"... naming the quota, what is used and what to do"
expect_eq "$(files) $(ls "$L/uploads/m" | wc -l)" "249 2" "... nothing of it written"

# --- past the bytes quota: small files count their blocks ----------------------
expect_exit 0 "${LEAGUE[@]}" quota "$L" --user-mb 2 --user-files 100000
SCRIPT_BOT=1 many tiny 600
expect_lt "$(stat -c %s "$TMP/tiny.tgz")" 40000 "an archive of 600 files of a few bytes: under 40 KB"
expect_eq "$(send "$mallory" m "$TMP/tiny.tgz")" 413 "... with a quota of 2 MB a user: 413"
# The MB kept beside it (mallory's newest version, whose C bot's size is
# the build's) and the MB more it would take: the quota's 2 MB between them.
err=$(json 'd["error"]')
kept=${err#*keep } kept=${kept%% MB beside*} more=${err#*at least } more=${more%% MB more*}
expect_eq "$err" "over your quota of 2 MB: your bots' uploads keep $kept MB beside this one, and this archive takes at least $more MB more (files counted in whole blocks of 4 KiB): send a smaller bot, or ask the league's organiser for a larger quota (the league keeps the files of each bot's newest 2 versions)" \
	"... its files counted in blocks of 4 KiB, as a disk holds them"
expect_eq "$(awk -v k="$kept" -v m="$more" 'BEGIN { print (k > 0 && sprintf("%.1f", k + m) == "2.0") }')" 1 \
	"... $kept MB kept beside it and $more MB more: the quota's 2 MB between them"
expect_lt "$(du -sk "$L/uploads" | cut -f1)" 2049 "... the uploads under 2 MB on disk (du)"

# --- another user still uploads --------------------------------------------------
many al 10
expect_eq "$(post "$alice" al "$TMP/al.tgz")" "202 accepted" "another user's upload: taken"

# --- the league's quota, for all uploads ----------------------------------------
expect_exit 0 "${LEAGUE[@]}" quota "$L" --user-mb 200 --league-files 300
expect_eq "$(sed -n 2p "$OUT" | sed -E 's/[0-9]+\.[0-9] MB/N MB/')" "uploads: N MB and 264 files in all" \
	"league quota: what the uploads hold (the MB with the test's bot's size)"
expect_eq "$(tail -n +3 "$OUT" | sed -E 's/[0-9]+\.[0-9] MB/N MB/')" "user mallory: N MB and 249 files
user alice: N MB and 15 files" "... and each user's"
many al2 50
expect_eq "$(send "$alice" al "$TMP/al2.tgz")" 413 "with a quota of 300 files for the league, her next version of 50 files: 413"
expect_eq "$(json 'd["error"]')" "over the league's quota of 300 files for all uploads: they keep 264 files beside this one, and this archive has at least 37 more: ask the league's organiser to make room ('referee league quota')" \
	"... naming the league's quota"
expect_eq "$(files)" 264 "... nothing of it written"
stop

# --- league add without the server ----------------------------------------------
expect_exit 0 "${LEAGUE[@]}" quota "$L" --user-files 300 --league-files 1000000
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 8 --concurrency 2
played=$(grep -o '"bots":\[[^]]*\]' "$L/runs/000001/run.jsonl" | head -1)
expect_eq "$played" '"bots":["a-v1","m-v6","al-v1"]' "a run plays m v6 (the versions without a game in the order they came)"
# unpacked FROM: a folder of the league's uploads of m with FROM.tgz in
# it, as the server unpacks one.
unpacked() {
	folder=$("${AS[@]}" mktemp -d "$L/uploads/m/upload-XXXXXX")
	"${AS[@]}" tar -xzf "$TMP/$1.tgz" -C "$folder"
}
for v in 7 8; do
	many "m$v" 120
	unpacked "m$v"
	expect_exit 0 "${LEAGUE[@]}" add --owner mallory --workdir "$folder" "$L" m ./bot
done
expect_eq "$(ls "$L/uploads/m" | wc -l) $(files)" "2 264" \
	"league add --owner of versions 7 and 8: the files of v6, which played, removed (m's 249 files and al's 15 left)"
expect_contains "$ERR" "referee league: removed $L/uploads/m/upload-" "... said on stderr"
unpacked big
expect_exit 2 "${LEAGUE[@]}" add --owner mallory --workdir "$folder" "$L" m ./bot
expect_eq "$(head -1 "$ERR")" "referee league: over your quota of 300 files: your bots' uploads keep 125 files beside this one, and this version's folder has 254 more: send a bot of fewer files, or ask the league's organiser for a larger quota (the league keeps the files of each bot's newest 2 versions)" \
	"league add --owner of 250 files: refused, naming the quota"
expect_eq "$(grep -c '"type":"add","name":"m"' "$L/register.jsonl")" 8 "... and not entered"
"${AS[@]}" rm -rf "$folder"

# --- a version the run going on seats keeps its files until the run ends -----
expect_exit 0 "${LEAGUE[@]}" quota "$L" --versions-kept 1
expect_eq "$(ls "$L/uploads/m" | wc -l)" 1 "league quota --versions-kept 1: m v7's files removed at once"
"${LEAGUE[@]}" run "$L" --for 10s --concurrency 1 >/dev/null 2>"$TMP/run.err" &
player=$!
for _ in $(seq 100); do grep -qs '"bots"' "$L/runs/000002/run.jsonl" && break; sleep 0.1; done
many m9 120
unpacked m9
expect_exit 0 "${LEAGUE[@]}" add --owner mallory --workdir "$folder" "$L" m ./bot
expect_eq "$(ls "$L/uploads/m" | wc -l)" 2 "m v9 added while a run seats m v8: v8's files kept"
wait "$player"
expect_eq "$(ls "$L/uploads/m" | wc -l) $(grep -c "referee league: removed $L/uploads/m/upload-" "$TMP/run.err")" "1 1" \
	"... and removed once the next run began, which says so" || diag "$(cat "$TMP/run.err")"
verified() {
	run "${AS[@]}" "$REFEREE" verify "$L"
	expect_eq "$RC $(league_verified)" "0 $L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" "$1"
}
verified "referee verify of the league after the files of versions that played were removed"
expect_exit 0 "${LEAGUE[@]}" run "$L" --games 4 --concurrency 2
expect_exit 0 "${LEAGUE[@]}" rebuild "$L"
verified "... and after a run of m v9 and a rebuild"
expect_exit 0 "${LEAGUE[@]}" status "$L"
expect_contains "$OUT" "quotas: each user's uploads 200 MB and 300 files, each bot's newest version keeping its files; all uploads 10240 MB and 1000000 files; the uploads hold " \
	"league status: the quotas and what the uploads hold"
done_testing

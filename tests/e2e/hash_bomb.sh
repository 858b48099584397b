#!/usr/bin/env bash
# A bot's files are hashed once each, and within a bound (docs/LOGS.md,
# the header's `files`): a command naming one file 200 times, by other
# paths and links too, lists it once in the log header and in the
# league's register, and plays; a command whose files pass 64 files or
# 256 MiB is refused, by `play` and by `league add`, saying the bound.
# The hashes of unchanged files are remembered within a run, and a file
# rewritten in place to its size and modification time during a league's
# run is still seen changed: its version is not played.
. "$(dirname "$0")/../tools/lib.sh"

B=$TMP/bomb
mkdir "$B"
cp "$CBOT" "$B/bot"
head -c 4000000 /dev/urandom >"$B/z"
ln "$B/z" "$B/z-link"
ln -s z "$B/z-symlink"
z_sha=$(sha256sum "$B/z" | cut -d' ' -f1)
bot_sha=$(sha256sum "$B/bot" | cut -d' ' -f1)
# The bundled bot ignores its arguments: $TMP, then z named 200 times and
# by three other paths.
bomb="$B/bot $TMP$(for _ in $(seq 200); do printf ' z'; done) ./z $B/z z-link z-symlink"
# files_of LOG SEAT: the header's files of SEAT, "path sha256" a line
# (a league's logs are compressed).
files_of() {
	"$PYTHON3" - "$1" "$2" <<'PY'
import gzip, json, sys
raw = open(sys.argv[1], "rb").read()
if raw[:2] == b"\x1f\x8b":
    raw = gzip.decompress(raw)
for f in json.loads(raw.split(b"\n", 1)[0])["players"][int(sys.argv[2])]["files"]:
    print(f["path"], f["sha256"])
PY
}

# --- play ------------------------------------------------------------------------------------
cd "$B" || exit 99
expect_exit 0 "$REFEREE" play rolit -o size=4 --log "$TMP/bomb.jsonl" "bomb=$bomb" "$(cbot)"
expect_eq "$(files_of "$TMP/bomb.jsonl" 0)" "$B/bot $bot_sha
z $z_sha" "play: a command naming a file 200 times, and by ./z, its path, a link and a symlink: its header lists the file once"
expect_exit 0 "$REFEREE" verify "$TMP/bomb.jsonl"

truncate -s 256M "$B/big"   # sparse: past the bound with the program
expect_exit 2 "$REFEREE" play rolit -o size=4 "big=$B/bot $TMP big" "$(cbot)"
expect_eq "$(stderr_sans_fallback | head -1)" "referee play: big: the files the bot's command names pass what the referee hashes for the log, 64 files or 256 MiB: with 'big' they come to 2 files, 257 MiB; name fewer or smaller files" \
	"play: a command whose files pass 256 MiB is refused, saying the bound"
expect_eq "$(cat "$OUT")" "" "... and no game is played"
for i in $(seq 64); do echo "$i" >"$B/f$i"; done
expect_exit 2 "$REFEREE" play rolit -o size=4 "many=$B/bot $TMP $(echo f{1..64})" "$(cbot)"
expect_eq "$(stderr_sans_fallback | head -1)" "referee play: many: the files the bot's command names pass what the referee hashes for the log, 64 files or 256 MiB: with 'f64' they come to 65 files, 1 MiB; name fewer or smaller files" \
	"play: a command naming 65 files is refused, saying the bound"
expect_exit 0 "$REFEREE" play rolit -o size=4 "many=$B/bot $TMP $(echo f{1..63} f1 ./f2)" "$(cbot)"

# --- league ------------------------------------------------------------------------------------
L=$TMP/league
mkdir "$TMP/other"
cp "$CBOT" "$TMP/other/bot"
expect_exit 0 "$REFEREE" league init "$L" --game rolit -o size=6
expect_exit 0 "$REFEREE" league add "$L" bomb $bomb
expect_eq "$("$PYTHON3" -c 'import json, sys; print([[f["path"] for f in r["files"]] for r in map(json.loads, open(sys.argv[1])) if r["type"] == "add"])' "$L/register.jsonl")" \
	"[['$B/bot', 'z']]" "league add: the register lists the file once"
expect_exit 2 "$REFEREE" league add "$L" big "$B/bot" "$TMP" big
expect_eq "$(head -1 "$ERR")" "referee league: the files the bot's command names pass what the referee hashes for the log, 64 files or 256 MiB: with 'big' they come to 2 files, 257 MiB; name fewer or smaller files" \
	"league add: a command whose files pass 256 MiB is refused, saying the bound"
expect_exit 0 "$REFEREE" league add "$L" other "$TMP/other/bot" "$TMP"
expect_exit 0 "$REFEREE" league run "$L" --games 8 --concurrency 1
expect_eq "$(for log in "$L"/runs/000001/game-*.jsonl; do files_of "$log" 0; files_of "$log" 1; done | grep -c " $z_sha\$")" 8 \
	"league run: each of its 8 logs lists the file once"

# During a run: z rewritten in place, to its size and modification time,
# once the worker has hashed it (and remembered its hash, z being older
# than two seconds).
games_now() { "$REFEREE" league status "$L" | sed -n 's/^runs: [0-9]*; games: \([0-9]*\) .*/\1/p'; }
before=$(games_now)
timeout -k 5 100 "$REFEREE" league run "$L" --for 60s --concurrency 1 >"$TMP/run.out" 2>"$TMP/run.err" &
runner=$!
for _ in $(seq 600); do
	[ "$(games_now)" -ge $((before + 6)) ] && break
	sleep 0.1
done
ok "$([ "$(games_now)" -ge $((before + 6)) ]; echo $?)" "a second run plays 6 games before z is rewritten"
mtime=$(stat -c %y "$B/z")
head -c 4000000 /dev/urandom | dd of="$B/z" conv=notrunc status=none
touch -d "$mtime" "$B/z"
wait "$runner"
RC=$?
expect_eq "$(stat -c %s "$B/z") $(stat -c %y "$B/z")" "4000000 $mtime" "z rewritten to its size and modification time"
expect_eq "$RC" 2 "the run ends by itself once z changed: the next cannot seat two bots"
expect_contains "$TMP/run.err" "referee league: run 000002: bomb v1 is not played: its files changed after it was added" \
	"... saying that bomb v1 is not played"
expect_exit 0 "$REFEREE" verify "$L"
assert_no_leftovers

done_testing

#!/usr/bin/env bash
# End-to-end: an output folder that cannot be written (read-only) or that
# fills up (a full disk) is an error that loses nothing: exit status 2 with
# a message naming the file and the reason, the logs of the games finished
# before it intact and verifying, and a tournament completed by --resume
# once there is room again.
#
# Root ignores file permissions, so as root the test mounts a read-only
# bind and a small tmpfs, in a mount namespace of its own (unshare -m) that
# takes them away when it ends; a normal user gets a folder without write
# permission instead, and no full disk (that needs a mount).
if [ -z "${ARENA_MOUNT_NS:-}" ] && [ "$(id -u)" -eq 0 ]; then
	if unshare -m --propagation private true 2>/dev/null; then
		ARENA_MOUNT_NS=1 exec unshare -m --propagation private "$BASH" "$0" "$@"
	fi
	echo "1..0 # SKIP root needs mount namespaces (unshare -m) for a read-only or full folder"
	exit 0
fi
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

LOGS='[0-9][0-9][0-9][0-9][0-9][0-9].jsonl'   # game logs, not set-aside ones
"$REFEREE" keygen "$TMP/keys" >/dev/null 2>&1
KEY="$TMP/keys/referee.key"

# --- a read-only folder ------------------------------------------------------------
mkdir "$TMP/ro"
if [ -n "${ARENA_MOUNT_NS:-}" ]; then
	mount --bind "$TMP/ro" "$TMP/ro" && mount -o remount,bind,ro "$TMP/ro"
	ok $? "a read-only folder is mounted"
	READ_ONLY="Read-only file system"
else
	chmod 0555 "$TMP/ro"
	ok $? "a folder without write permission is made"
	READ_ONLY="Permission denied"
fi

expect_exit 2 "$REFEREE" play rolit -o size=4 --out "$TMP/ro/run" "$(cbot)" "$(cbot)"
expect_contains "$ERR" "referee play: cannot create folder '$TMP/ro/run': $READ_ONLY" \
	"play --out in a read-only folder: named, with the reason"
expect_exit 2 "$REFEREE" play rolit -o size=4 --out "$TMP/ro" "$(cbot)" "$(cbot)"
expect_contains "$ERR" "$READ_ONLY" "play --out a read-only folder: the key cannot be made there, and it says why"
expect_exit 2 "$REFEREE" play rolit -o size=4 --key "$KEY" --log "$TMP/ro/game.jsonl" "$(cbot)" "$(cbot)"
expect_contains "$ERR" "referee play: cannot write '$TMP/ro/referee.pub': $READ_ONLY" \
	"play --log in a read-only folder: the public key's copy there is named, with the reason"
expect_not_contains "$OUT" "game 1:" "play --log in a read-only folder: no game is reported played"

cat >"$TMP/t.json" <<JSON
{
  "name": "output", "game": "rolit", "options": {"size": 4}, "games": 12,
  "bots": [
    {"name": "a", "command": "$CBOT $TMP"},
    {"name": "b", "command": "$CBOT $TMP"},
    {"name": "c", "command": "$CBOT $TMP"}
  ]
}
JSON
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --out "$TMP/ro/t"
expect_contains "$ERR" "$TMP/ro/t" "tournament --out in a read-only folder: the folder is named"
expect_contains "$ERR" "$READ_ONLY" "tournament --out in a read-only folder: with the reason"
assert_no_leftovers "read-only: no process left over"
if [ -z "${ARENA_MOUNT_NS:-}" ]; then
	chmod 0755 "$TMP/ro"
	ok 0 "a full disk # SKIP a small tmpfs needs root and a mount namespace"
	done_testing
fi
umount "$TMP/ro"

# --- a full disk: play -------------------------------------------------------------
mkdir "$TMP/small"
mount -t tmpfs -o size=48k tmpfs "$TMP/small"
ok $? "a 48 KiB tmpfs is mounted"
expect_exit 2 "$REFEREE" play rolit -o size=4 --games 100 --key "$KEY" --out "$TMP/small/play" "$(cbot)" "$(cbot)"
grep -qE "^referee play: game ([0-9]+): cannot write log '$TMP/small/play/game-0*[0-9]+\\.jsonl': No space left on device$" "$ERR"
ok $? "play: a full disk stops the match, naming the log and the reason" || diag_run
last=$(grep -c '^game [0-9]*:' "$OUT")
diag "$last games played before the disk was full"
expect_lt 1 "$last" "play: games were played before the disk was full"
run "$REFEREE" verify --key "$TMP/keys/referee.pub" $(seq -f "$TMP/small/play/game-%06g.jsonl" 1 "$last")
expect_eq "$(grep -c ': ok: rolit' "$OUT")" "$last" "play: the $last logs of the games played before verify"
assert_no_leftovers "play: no process left over"
rm -rf "$TMP/small/play"

# --- a full disk: tournament, then --resume with room again --------------------------
mount -o remount,size=96k "$TMP/small"
expect_exit 2 "$REFEREE" tournament "$TMP/t.json" --key "$KEY" --out "$TMP/small/t" --concurrency 2
grep -qE "^referee tournament: (game [0-9]+: cannot write log '[^']*'|cannot [a-z ]*'[^']*'): No space left on device" "$ERR"
ok $? "tournament: a full disk stops the run, naming the file and the reason" || diag_run
assert_no_leftovers "tournament: no process left over after the stop"
# (How many depends on when the manifest, written in batches, meets the
# full disk: the logs of games it did not list yet are recovered on resume.
# Its last line may be torn.)
finished=$(finished_games "$TMP/small/t/run.jsonl" | awk '{ printf "games/%06d.jsonl\n", $1 }')
count=$(echo $finished | wc -w)
if [ "$count" -gt 0 ]; then
	run "$REFEREE" verify --key "$TMP/keys/referee.pub" $(printf "$TMP/small/t/%s\n" $finished)
	ok "$([ "$RC" -eq 0 ] && [ "$(grep -c ': ok:' "$OUT")" -eq "$count" ]; echo $?)" \
		"tournament: the $count games the manifest lists as finished verify" || diag_run
else
	ok 0 "tournament: the games the manifest lists as finished verify # SKIP the disk was full before it listed one"
fi
(cd "$TMP/small/t" && sha256sum $finished) >"$TMP/kept.sha256"
mount -o remount,size=4m "$TMP/small"
expect_exit 0 "$REFEREE" tournament "$TMP/t.json" --key "$KEY" --out "$TMP/small/t" --resume --concurrency 2
expect_contains "$OUT" "36 games" "tournament: --resume with room again completes the 36 games"
expect_eq "$(tail -1 "$TMP/small/t/run.jsonl" | grep -c '"type":"signature"')" 1 "tournament: the resumed manifest is signed"
expect_eq "$(finished_games "$TMP/small/t/run.jsonl" | sort | uniq -d | wc -l)" 0 \
	"tournament: no game is finished twice"
(cd "$TMP/small/t" && sha256sum --quiet -c "$TMP/kept.sha256")
ok $? "tournament: the $count logs finished before the disk was full are kept as they were"
run "$REFEREE" verify --key "$TMP/keys/referee.pub" "$TMP"/small/t/games/$LOGS
expect_eq "$(grep -c ': ok:' "$OUT")" 36 "tournament: all 36 logs verify"
assert_no_leftovers "tournament: no process left over"
umount "$TMP/small"

done_testing

#!/usr/bin/env bash
# End-to-end: a league run on a full disk (docs/LEAGUE.md, "Nothing
# lost") stops with exit status 2 and a message naming what failed and
# saying that every finished game is kept; the index is left whole (SQLite
# says so, and it holds whole sets only); once there is room again the
# next run closes the cut one and goes on, every set listed finished at the
# stop counted with its log unchanged, `referee verify` passes, and the
# index made again from the logs gives the same ladder.
#
# A full disk is a small tmpfs as root, in a mount namespace of its own
# (unshare -m) that takes it away when the test ends; a file-size limit
# (ulimit -f, SIGXFSZ ignored: a write past it fails) for a normal user,
# as root through `unprivileged`.
if [ -z "${ARENA_MOUNT_NS:-}" ] && [ "$(id -u)" -eq 0 ] &&
	unshare -m --propagation private true 2>/dev/null; then
	ARENA_MOUNT_NS=1 exec unshare -m --propagation private "$BASH" "$0" "$@"
fi
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"

# The games run.jsonl lists as finished, "GAME SHA256" a line.
listed() {
	"$PYTHON3" - "$1/runs/000001/run.jsonl" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    try:
        r = json.loads(line)
    except ValueError:  # a last line cut short
        continue
    if r.get("type") == "finished":
        print(r["game"], r["sha256"])
PY
}
# What the index says of itself: SQLite's check, and its sets not whole.
index_state() {
	"$PYTHON3" - "$1/league.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
print(db.execute("PRAGMA integrity_check").fetchone()[0],
      db.execute("SELECT COUNT(*) FROM (SELECT run, first FROM games GROUP BY run, first"
                 " HAVING COUNT(*) != 2)").fetchone()[0])
PY
}
# The index's games of run 1, "GAME SHA256" a line.
indexed() {
	"$PYTHON3" - "$1/league.db" <<'PY'
import sqlite3, sys
db = sqlite3.connect("file:%s?mode=ro" % sys.argv[1], uri=True)
for game, sha in db.execute("SELECT game, sha256 FROM games WHERE run = 1 ORDER BY game"):
    print(game, sha)
PY
}
FULL='^referee league: (league\.db: (database or disk is full|disk I/O error: the disk is full, a file-size limit was reached, or the disk failed)|.*(No space left on device|File too large)[^:]*)$'

# check_full L WHAT: the stop of the run just made (in $OUT, $ERR, $RC) on
# league L, then its next run with room again ("${NEXT[@]}" runs it).
check_full() {
	local L=$1 what=$2 before
	expect_eq "$RC" 2 "$what: the run stops with exit status 2" || diag_run
	expect_eq "$(grep -cE "$FULL" "$ERR")" 1 "$what: a line names what could not be written and why" || diag_run
	grep -qE "^referee league: the run (was closed after that: every finished game is kept and counted|could not be closed after that \(.*\): every finished game is kept in its logs, and the next 'referee league run' closes it and counts them)$" "$ERR"
	ok $? "$what: it says every finished game is kept" || diag_run
	expect_eq "$(index_state "$L")" "ok 0" "$what: the index is whole, each set in it whole"
	listed "$L" >"$TMP/listed"
	before=$(wc -l <"$TMP/listed")
	expect_lt 1 "$before" "$what: sets were listed finished before the disk was full"
	(cd "$L/runs/000001" && awk '{ printf "%s  game-%06d.jsonl\n", $2, $1 }' "$TMP/listed") >"$TMP/listed.sha"
	run "${NEXT[@]}" league run "$L" --games 4 --concurrency 2 "${OPTIONS[@]}"
	expect_eq "$RC" 0 "$what: with room again the next run goes on" || diag_run
	(cd "$L/runs/000001" && sha256sum --quiet -c "$TMP/listed.sha")
	ok $? "$what: the $before logs listed finished at the stop are kept as they were"
	expect_eq "$(indexed "$L" | sort | join -v1 <(sort "$TMP/listed") - | wc -l)" 0 \
		"$what: ... and all counted in the index"
	expect_eq "$(tail -1 "$L/runs/000001/run.jsonl" | grep -c '"type":"signature"')" 1 "$what: the cut run closed and signed"
	run "${NEXT[@]}" verify "$L"
	expect_eq "$RC $(league_verified)" "0 $L: ok: a league of rolit, N runs, N logs in N sets, every log verified, and its index league.db as its register and its runs' logs give it" \
		"$what: verify passes" || diag_run
	"${NEXT[@]}" league ladder "$L" --versions --format json >"$TMP/before.json"
	"${NEXT[@]}" league rebuild "$L" >/dev/null
	expect_eq "$("${NEXT[@]}" league ladder "$L" --versions --format json | cmp - "$TMP/before.json" && echo same)" same \
		"$what: rebuild gives the same ladder to the byte"
}

# A league in folder $1 of three bots, each "$2 $TMP".
make_league() {
	"${NEXT[@]}" league init "${KEY[@]}" "$1" --game rolit -o size=6 >/dev/null
	for b in a b c; do
		"${NEXT[@]}" league add "${KEY[@]}" "$1" "$b" $2 "$TMP" >/dev/null 2>"$TMP/add.err" ||
			diag "league add $b failed: $(cat "$TMP/add.err")"
	done
	expect_eq "$("${NEXT[@]}" league status "$1" | sed -n 2p)" "bots: 3 (0 retired); versions: 3" \
		"a league of three bots in $1"
}

# --- a full tmpfs, as root ------------------------------------------------------
if [ -n "${ARENA_MOUNT_NS:-}" ]; then
	NEXT=("$REFEREE")
	KEY=(--key "$TMP/keys/referee.key")  # the league's one key, its runs' too
	OPTIONS=("${KEY[@]}")
	"$REFEREE" keygen "$TMP/keys" >/dev/null
	mkdir "$TMP/small"
	mount -t tmpfs -o size=2m tmpfs "$TMP/small"
	ok $? "a 2 MiB tmpfs is mounted"
	make_league "$TMP/small/l" "$CBOT"
	# Room for some sets, not for 400 games.
	avail=$(df -k --output=avail "$TMP/small" | tail -1)
	dd if=/dev/zero of="$TMP/small/filler" bs=1k count=$((avail - 256)) 2>/dev/null
	run "$REFEREE" league run "$TMP/small/l" --games 400 --concurrency 2 "${OPTIONS[@]}"
	rm "$TMP/small/filler"
	check_full "$TMP/small/l" "a full tmpfs"
	assert_no_leftovers "a full tmpfs: no process left over"
	umount "$TMP/small"
else
	ok 0 "a full tmpfs # SKIP a small tmpfs needs root and a mount namespace"
fi

# --- a file-size limit, as a normal user -------------------------------------------
unprivileged
NEXT=("${AS[@]}" "$REFEREE")
KEY=()
OPTIONS=(--no-sandbox --no-limits --trusted-bots)
mkdir -m 0777 "$TMP/limited"
# Python bots: a C bot of a sanitizer build maps its shadow memory
# writable, which the fallback's memory limit refuses at the pre-flight.
make_league "$TMP/limited/l" "$AS_PYTHON3 $ZOO/first-legal.py"
run "${AS[@]}" bash -c 'trap "" XFSZ; ulimit -f 160; exec "$@"' limited \
	"$REFEREE" league run "$TMP/limited/l" --games 400 --concurrency 2 "${OPTIONS[@]}"
check_full "$TMP/limited/l" "a file-size limit"

assert_no_leftovers
done_testing

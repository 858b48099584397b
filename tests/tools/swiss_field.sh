# A Swiss field of deterministic bots, and the pairings recomputed from
# manifests: sourced by tests/e2e/swiss.sh and tests/e2e/swiss_shards.sh.
# Needs TMP, PYTHON3, top_srcdir, top_builddir, LOGTOOL and KEYDIR (lib.sh).

SWISS="$PYTHON3 $top_srcdir/tests/tools/swiss.py"
GREEDY="$top_builddir/bots/examples/rolit $TMP"
FIRST="$top_builddir/bench/first_legal_bot $TMP"

# swiss_file FILE BOTS ROUNDS: a Swiss of Rolit on 4x4, one game a
# pairing, of greedy and first-legal bots in turn (both deterministic).
swiss_file() {
	local bots="" i
	for ((i = 0; i < $2; i++)); do
		bots+="${bots:+,}{\"name\": \"b$i\", \"command\": \"$([ $((i % 2)) = 0 ] && echo "$GREEDY" || echo "$FIRST")\"}"
	done
	cat >"$1" <<JSON
{"game": "rolit", "options": {"size": 4}, "format": "swiss", "rounds": $3, "games": 1,
 "bots": [$bots]}
JSON
}

# swap_seats FROM TO GAME: the manifest FROM written to TO with game GAME's
# two seats swapped, signed again with the run's key ($KEYDIR's); a and b
# are then the bots FROM seats first and second there.
swap_seats() {
	local line seats
	line=$(grep -n "\"game\":$3,\"seats\"" "$1" | cut -d: -f1)
	seats=$(sed -n "s/.*\"game\":$3,\"seats\":\\[\\([0-9]*,[0-9]*\\)\\].*/\\1/p" "$1")
	$LOGTOOL resign "$1" "$2" "$KEYDIR/referee.key" sub $((line - 1)) \
		"\"game\":$3,\"seats\":\\[$seats\\]" "\"game\":$3,\"seats\":[${seats#*,},${seats%,*}]"
	a=b${seats%,*} b=b${seats#*,}
}

# A Swiss field of deterministic bots, and the pairings recomputed from
# manifests: sourced by tests/e2e/swiss.sh and tests/e2e/swiss_shards.sh.
# Needs TMP, PYTHON3, top_srcdir and top_builddir (lib.sh).

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

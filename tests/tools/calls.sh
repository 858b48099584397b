# The calls between modules, read off their built objects: sourced by
# tests/e2e/no_cycles.sh (no circle of calls) and tests/e2e/layers.sh (no
# call upward between the layers of docs/HACKING.md).  Needs TMP (lib.sh).

# calls ROOT OBJECT...: one line "CALLER CALLEE SYMBOL" for every global
# symbol an object uses that another object defines.  A module is named by
# its object's path under ROOT without the suffix and without automake's
# "TARGET-" prefix of a file built with flags of its own:
# ROOT/games/libarena_games_a-dice.o is games/dice.
calls() {
	local root=$1
	shift
	nm -A -P "$@" | awk -v root="$root/" -v uses="$TMP/uses" \
		-v defines="$TMP/defines" '
		{ m = $1; sub(/:$/, "", m)
		  if (index(m, root) == 1) m = substr(m, length(root) + 1)
		  sub(/\.o$/, "", m); match(m, /[^\/]*$/)
		  base = substr(m, RSTART); sub(/^[A-Za-z0-9_]+-/, "", base)
		  m = substr(m, 1, RSTART - 1) base }
		$3 == "U" { print $2, m > uses; next }
		$3 ~ /^[A-TV-Z]$/ { print $2, m > defines }'
	sort -u -o "$TMP/uses" "$TMP/uses"
	sort -u -o "$TMP/defines" "$TMP/defines"
	join "$TMP/uses" "$TMP/defines" | awk '$2 != $3 { print $2, $3, $1 }'
}

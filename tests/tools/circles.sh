# Circles in a graph of modules, named by tsort: sourced by
# tests/e2e/no_cycles.sh (the calls, tests/tools/calls.sh) and
# tests/e2e/no_include_cycles.sh (the includes).  Needs TMP and expect_eq
# (lib.sh).

# circles EDGES: the modules of each circle tsort finds in EDGES (lines
# "FROM TO ...", the first two words an edge), one circle a line; nothing
# when there is none.
circles() {
	cut -d' ' -f1,2 "$1" | sort -u | tsort 2>&1 >/dev/null | awk '
		/input contains a loop:$/ { if (line != "") print line; line = ""; next }
		{ sub(/^tsort: /, ""); line = line (line == "" ? "" : " ") $0 }
		END { if (line != "") print line }'
}

# check_circles NAME EDGES WANT SHOW: whether EDGES has a circle is WANT
# (yes or no); circles found where none should be are shown, each module
# of one, then each edge between the modules of all of them, printed by
# the awk format SHOW of its line's first three words.
check_circles() {
	local name=$1 edges=$2 want=$3 show=$4 found
	found=$(circles "$edges")
	expect_eq "$([ -n "$found" ] && echo yes || echo no)" "$want" "$name"
	[ "$want" = no ] && [ -n "$found" ] || return 0
	printf '%s\n' "$found" | sed 's/^/#   circle: /'
	printf '%s\n' $found | sort -u >"$TMP/members"
	awk -v show="$show" 'NR == FNR { member[$1] = 1; next }
	     member[$1] && member[$2] { printf show "\n", $1, $2, $3 }' \
		"$TMP/members" "$edges"
}

#!/usr/bin/env bash
# No module of the referee or of the rules library calls a module of a
# layer above its own.  The layers are the table under "## Layers" in
# docs/HACKING.md, the one place they are written, top layer first: each
# row names its modules by patterns of their paths (`referee/bot/*`, where
# * stays within a folder), and a module is in the lowest layer whose
# patterns match it, so that a new file in a folder falls in a layer
# without an edit.  The calls are read off the built objects, as
# tests/e2e/no_cycles.sh reads them (REFEREE_OBJECTS and GAMES_OBJECTS from
# Makefile.am; tests/tools/calls.sh).
. "$(dirname "$0")/../tools/lib.sh"
. "$top_srcdir/tests/tools/calls.sh"
export LC_ALL=C

# layers FILE: one line "RANK NAME PATTERN" for each pattern of the table
# under "## Layers" in FILE, the top layer's rank 1.
layers() {
	awk -F'|' '
		/^#/ { on = ($0 == "## Layers"); next }
		!on || !/^\|/ || $2 ~ /^ *(layer *|-+)$/ { next }
		{ rank++; name = $2; gsub(/^ +| +$/, "", name); gsub(/ /, "_", name)
		  n = split($3, word, "`")
		  for (i = 2; i <= n; i += 2) print rank, name, word[i] }' "$1"
}

# upward LAYERS CALLS: "unplaced MODULE" for each module that no pattern
# of LAYERS names, then "CALLER (LAYER) -> CALLEE (LAYER): SYMBOL" for each
# call in CALLS from a module to one of a layer above its own.
upward() {
	awk '
		function layer(m,   i, r) {
			r = 0
			for (i = 1; i <= np; i++)
				if (m ~ pattern[i] && rank[i] > r) r = rank[i]
			if (r == 0 && !(m in told)) { print "unplaced " m; told[m] = 1 }
			return r
		}
		NR == FNR { re = $3; gsub(/\./, "\\.", re); gsub(/\*/, "[^/]*", re)
			    np++; pattern[np] = "^" re "$"; rank[np] = $1
			    name[$1] = $2; next }
		{ a = layer($1); b = layer($2)
		  if (a && b && b < a)
			print $1 " (" name[a] ") -> " $2 " (" name[b] "): " $3 }' \
		"$1" "$2"
}

layers "$top_srcdir/docs/HACKING.md" >"$TMP/layers"
expect_lt 4 "$(cut -d' ' -f1 "$TMP/layers" | sort -u | wc -l)" \
	"docs/HACKING.md's table of layers is read"

# The check itself, on modules made for it under the real layers: a verb
# calls a bot's module, which calls the rules; a new core module that no
# pattern names alone falls in the core; a module of the core's lowest
# layer that calls a verb is caught, and so is a module in no layer.
fake=$TMP/fake
mkdir -p "$fake/referee/cmd" "$fake/referee/bot" "$fake/referee/base" "$fake/games" "$fake/stray"
module() { # PATH DEFINES CALLS
	printf 'int %s(void);\nint %s(void) { return %s(); }\n' "$3" "$2" "$3" \
		>"$fake/$1.c"
	${CC:-cc} -c -o "$fake/$1.o" "$fake/$1.c" || exit 99
}
module referee/cmd/verb verb spawn
module referee/bot/spawn spawn rules
module games/rules rules libc_call
module referee/tournament_new tournament_new spawn
calls "$fake" "$fake"/referee/cmd/verb.o "$fake"/referee/bot/spawn.o \
	"$fake"/games/rules.o "$fake"/referee/tournament_new.o >"$TMP/down"
expect_eq "$(wc -l <"$TMP/down")" 3 "the made-up modules' calls are read"
expect_eq "$(upward "$TMP/layers" "$TMP/down")" "" \
	"calls downward, from a new module of the core too, pass"
module referee/base/journal journal verb
module stray/odd odd rules
calls "$fake" "$fake"/referee/cmd/verb.o "$fake"/referee/bot/spawn.o \
	"$fake"/games/rules.o "$fake"/referee/base/journal.o "$fake"/stray/odd.o \
	>"$TMP/up"
expect_eq "$(upward "$TMP/layers" "$TMP/up" | sort)" \
"referee/base/journal (base) -> referee/cmd/verb (verbs): verb
unplaced stray/odd" "a call upward and a module in no layer are caught"

if [ -z "$REFEREE_OBJECTS" ] || [ -z "$GAMES_OBJECTS" ]; then
	echo "Bail out! REFEREE_OBJECTS or GAMES_OBJECTS is not set: run it with make check"
	exit 99
fi
objects=()
for o in $REFEREE_OBJECTS $GAMES_OBJECTS; do
	objects+=("$top_builddir/$o")
done
calls "$top_builddir" "${objects[@]}" >"$TMP/calls"
expect_lt 100 "$(wc -l <"$TMP/calls")" \
	"the calls between the ${#objects[@]} objects of the referee and the rules are read"
upward "$TMP/layers" "$TMP/calls" >"$TMP/found"
expect_eq "$(wc -l <"$TMP/found")" 0 \
	"every module is in a layer of docs/HACKING.md and none calls upward"
sed 's/^/#   /' "$TMP/found"

done_testing

#!/usr/bin/env bash
# No module of the referee, the bots, the SDK's C, the values or the rules
# library calls or includes a module of a layer above its own, so that no
# two folders lean on each other, and none of the referee one of the bots
# or the SDK, which stand beside it.  The layers are the table under "## Layers" in docs/HACKING.md,
# the one place they are written, top layer first: each row is one folder,
# named by the pattern of its modules' paths (`referee/bot/*`, where *
# stays within the folder), so that a new file of a folder falls in its
# layer without an edit.  The calls are read off the built objects, as
# tests/e2e/no_cycles.sh reads them (REFEREE_OBJECTS, GAMES_OBJECTS,
# VALUES_OBJECTS, SDK_OBJECTS and BOT_OBJECTS from Makefile.am;
# tests/tools/calls.sh), the includes off the sources, as
# tests/e2e/no_include_cycles.sh reads them (tests/tools/includes.sh).
. "$(dirname "$0")/../tools/lib.sh"
. "$top_srcdir/tests/tools/calls.sh"
. "$top_srcdir/tests/tools/includes.sh"
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

# upward LAYERS EDGES: "unplaced MODULE" for each module that no pattern
# of LAYERS names, then "FROM (LAYER) -> TO (LAYER): WHAT" for each line
# "FROM TO WHAT" of EDGES (a call and its symbol, or an include and its
# header) from a module to one of a layer above its own.
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

# beside EDGES: "FROM -> TO: WHAT" for each line of EDGES from a module of
# the referee to one of the bots or the SDK.
beside() {
	awk '$1 ~ /^referee\// && $2 ~ /^(bots|sdk)\// { print $1 " -> " $2 ": " $3 }' "$1"
}

layers "$top_srcdir/docs/HACKING.md" >"$TMP/layers"
expect_lt 10 "$(cut -d' ' -f1 "$TMP/layers" | sort -u | wc -l)" \
	"docs/HACKING.md's table of layers is read"
expect_eq "$(awk '{ rows[$1]++ } $3 !~ /^[a-z]+(\/[a-z]+)?\/\*$/ { print "row " $2 ": " $3 }
		 END { for (r in rows) if (rows[r] > 1) print "row " r ": " rows[r] " patterns" }' \
		"$TMP/layers")" "" "each row of the table is one folder"

# The check itself, on modules made for it under the real layers: a verb
# calls a bot's module, which calls the rules; a new module of a folder
# falls in its folder's layer; a module of the base that calls a verb is
# caught, and so are a module in no layer and one left flat in referee/.
fake=$TMP/fake
mkdir -p "$fake/referee/cmd" "$fake/referee/run" "$fake/referee/bot" "$fake/referee/base" "$fake/games" "$fake/stray"
module() { # PATH DEFINES CALLS
	printf 'int %s(void);\nint %s(void) { return %s(); }\n' "$3" "$2" "$3" \
		>"$fake/$1.c"
	${CC:-cc} -c -o "$fake/$1.o" "$fake/$1.c" || exit 99
}
module referee/cmd/verb verb spawn
module referee/bot/spawn spawn rules
module games/rules rules libc_call
module referee/run/run_new run_new spawn
calls "$fake" "$fake"/referee/cmd/verb.o "$fake"/referee/bot/spawn.o \
	"$fake"/games/rules.o "$fake"/referee/run/run_new.o >"$TMP/down"
expect_eq "$(wc -l <"$TMP/down")" 3 "the made-up modules' calls are read"
expect_eq "$(upward "$TMP/layers" "$TMP/down")" "" \
	"calls downward, from a new module of a folder too, pass"
module referee/base/journal journal verb
module stray/odd odd rules
module referee/flat flat rules
calls "$fake" "$fake"/referee/cmd/verb.o "$fake"/referee/bot/spawn.o \
	"$fake"/games/rules.o "$fake"/referee/base/journal.o "$fake"/stray/odd.o \
	"$fake"/referee/flat.o >"$TMP/up"
expect_eq "$(upward "$TMP/layers" "$TMP/up" | sort)" \
"referee/base/journal (base) -> referee/cmd/verb (verbs): verb
unplaced referee/flat
unplaced stray/odd" "a call upward and modules in no layer are caught"
printf 'referee/cmd/verb bots/turn turn\nbots/turn values/eval eval\n' >"$TMP/beside"
expect_eq "$(upward "$TMP/layers" "$TMP/beside")$(beside "$TMP/beside")" \
	"referee/cmd/verb -> bots/turn: turn" \
	"a bot's call of the values passes, the referee's call of a bot is caught"

# The includes, on headers made for them: a bot's module includes the
# base's and the rules' headers, and the base includes a bot's header.
printf '#include "base/journal.h"\n#include "games/rules.h"\n' >"$fake/referee/bot/spawn.h"
: >"$fake/referee/base/journal.h"
: >"$fake/games/rules.h"
includes "$fake" "referee games" "referee ." |
	awk '{ print $0, $2 ".h" }' >"$TMP/includes_down"
expect_eq "$(cat "$TMP/includes_down")" \
"referee/bot/spawn games/rules games/rules.h
referee/bot/spawn referee/base/journal referee/base/journal.h" "the made-up headers' includes are read"
expect_eq "$(upward "$TMP/layers" "$TMP/includes_down")" "" "includes downward pass"
printf '#include "bot/spawn.h"\n' >"$fake/referee/base/journal.c"
includes "$fake" "referee games" "referee ." |
	awk '{ print $0, $2 ".h" }' >"$TMP/includes_up"
expect_eq "$(upward "$TMP/layers" "$TMP/includes_up" | grep -v unplaced)" \
	"referee/base/journal (base) -> referee/bot/spawn (bot): referee/bot/spawn.h" \
	"an include upward is caught"

if [ -z "$REFEREE_OBJECTS" ] || [ -z "$GAMES_OBJECTS" ] || [ -z "$VALUES_OBJECTS" ] ||
	[ -z "$SDK_OBJECTS" ] || [ -z "$BOT_OBJECTS" ]; then
	echo "Bail out! REFEREE_OBJECTS, GAMES_OBJECTS, VALUES_OBJECTS, SDK_OBJECTS or BOT_OBJECTS is not set: run it with make check"
	exit 99
fi
objects=()
for o in $REFEREE_OBJECTS $GAMES_OBJECTS $VALUES_OBJECTS $SDK_OBJECTS $BOT_OBJECTS; do
	objects+=("$top_builddir/$o")
done
# hold EDGES LEAST WHAT VERB: EDGES (WHAT) are more than LEAST, and none
# goes upward (VERB: "calls" or "includes").
hold() {
	expect_lt "$2" "$(wc -l <"$1")" "the $3 are read"
	{ upward "$TMP/layers" "$1"; beside "$1"; } >"$TMP/found"
	expect_eq "$(wc -l <"$TMP/found")" 0 \
		"every module is in a layer of docs/HACKING.md and none $4 upward"
	sed 's/^/#   /' "$TMP/found"
}
calls "$top_builddir" "${objects[@]}" >"$TMP/calls"
hold "$TMP/calls" 100 \
	"calls between the ${#objects[@]} objects of the referee, the bots, the SDK, the values and the rules" calls
# config.h, configure's, is below every layer; a bot finds the SDK's
# headers by its flags (-Isdk/c).
{ includes "$top_srcdir" "referee games" "referee ."
  includes "$top_srcdir" "bots sdk/c values" ". sdk/c"; } |
	awk '$2 != "config" { print $0, $2 ".h" }' >"$TMP/includes"
hold "$TMP/includes" 600 "includes between the sources of the referee, the bots, the SDK, the values and the rules" includes

done_testing

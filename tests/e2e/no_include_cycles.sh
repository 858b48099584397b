#!/usr/bin/env bash
# No two of the referee's modules include each other's headers, not even
# round a longer circle: a module (NAME.c with NAME.h, or a header alone)
# can then be read knowing only the headers below it, and the type-only
# parts two modules share live in a leaf header of their own
# (match_types.h, ratings_types.h...).  The includes are read off the
# sources, each "#include" resolved as the compiler does (beside the file,
# else from referee/), and tsort names the modules of each circle.
. "$(dirname "$0")/../tools/lib.sh"
. "$top_srcdir/tests/tools/circles.sh"
. "$top_srcdir/tests/tools/includes.sh"
export LC_ALL=C

# check NAME ROOT WANT: whether the modules of ROOT include each other
# round a circle is WANT (yes or no); circles found where none should be
# are shown, with the includes between their modules.
check() {
	includes "$2" . . >"$TMP/edges"
	check_circles "$1" "$TMP/edges" "$3" '#   %s includes %s.h'
}

# The detector itself: a chain of headers is no circle; two modules whose
# files include each other's header are one, as are three round a circle,
# one of them in a folder.
mkdir -p "$TMP/chain" "$TMP/pair" "$TMP/round/sub"
printf '#include "b.h"\n' >"$TMP/chain/a.h"
printf '#include "c.h"\n' >"$TMP/chain/b.c"
: >"$TMP/chain/b.h"
: >"$TMP/chain/c.h"
check "a chain of includes is no circle" "$TMP/chain" no
printf '#include "a.h"\n#include "b.h"\n' >"$TMP/pair/a.c"
: >"$TMP/pair/a.h"
printf '#include "a.h"\n' >"$TMP/pair/b.h"
check "a header that includes the header of a module that includes it is a circle" \
	"$TMP/pair" yes
printf '#include "sub/b.h"\n' >"$TMP/round/a.h"
printf '#include "c.h"\n' >"$TMP/round/sub/b.c"
: >"$TMP/round/sub/b.h"
printf '#include "a.h"\n' >"$TMP/round/c.h"
check "three modules round a circle, across folders, are a circle" "$TMP/round" yes

includes "$top_srcdir/referee" . . >"$TMP/referee"
expect_lt 300 "$(wc -l <"$TMP/referee")" "the includes between the referee's modules are read"
check "no circle of includes among the referee's modules" "$top_srcdir/referee" no

done_testing

#!/usr/bin/env bash
# The league's index has one owner: no file of the referee but
# referee/league/league_db*.c holds SQL text or calls SQLite's statement
# functions (docs/HACKING.md, "Layout by folder"), so that every question
# asked of league.db is a function of league_db.h with its values bound,
# and a schema change is made in one place.
. "$(dirname "$0")/../tools/lib.sh"
export LC_ALL=C

# sql FILE...: "FILE:LINE: TEXT" for each line of the FILEs outside
# league_db*.c that calls SQLite's statements or opens a string with an
# SQL verb.
sql() {
	grep -HnE 'sqlite3_(prepare|exec|step|bind|column)|"[[:space:]]*(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|ATTACH|BEGIN|COMMIT)[[:space:]]' "$@" |
		grep -v '/league/league_db[a-z_]*\.c:'
}

# The check itself, on files made for it.
mkdir -p "$TMP/referee/league" "$TMP/referee/web"
printf 'static const char q[] = "SELECT 1";\n' >"$TMP/referee/league/league_db_read.c"
printf 'int f(void) { return 0; }\n' >"$TMP/referee/web/web_fine.c"
expect_eq "$(sql "$TMP"/referee/*/*.c)" "" "SQL within league_db*.c passes"
printf 'sqlite3_prepare_v2(db, "SELECT name FROM versions", -1, &st, NULL);\n' \
	>"$TMP/referee/web/web_api.c"
printf 'char *q = xasprintf(" INSERT INTO retired VALUES(%%s)", name);\n' \
	>"$TMP/referee/web/web_upload.c"
expect_eq "$(sql "$TMP"/referee/*/*.c | sed "s|$TMP/||" | cut -d: -f1,2)" \
"referee/web/web_api.c:1
referee/web/web_upload.c:1" "a statement prepared and an SQL string outside it are caught"

files=$(cd "$top_srcdir" && git ls-files 'referee/*.c' 'referee/*.h' 2>/dev/null)
[ -n "$files" ] || files=$(cd "$top_srcdir" && find referee -name '*.[ch]')
expect_lt 100 "$(printf '%s\n' $files | wc -l)" "the referee's sources are listed"
found=$(cd "$top_srcdir" && sql $files)
expect_eq "$found" "" "no SQL outside referee/league/league_db*.c"

done_testing

#!/usr/bin/env bash
# One pool and one stop-signal handler (docs/HACKING.md, "One pool, three
# task sources"): no file of the referee but referee/base/child.c (the
# runner of another program), referee/base/pool.c (the pool of workers),
# referee/bot/bot_spawn.c (a bot's process) and referee/bot/cgroup_keeper.c
# (the keeper of the control groups) calls fork(), and none but
# referee/base/pool.c sets a handler of SIGINT or SIGTERM.
. "$(dirname "$0")/../tools/lib.sh"
export LC_ALL=C

# forks FILE...: "FILE:LINE" for each call of fork() outside the four.
forks() {
	grep -HnE '(^|[^_[:alnum:]])fork[[:space:]]*\(\)' "$@" |
		grep -vE '^[^:]*:[0-9]+:[[:space:]]*(/?\*|//)' |
		grep -vE '^referee/(base/child|base/pool|bot/bot_spawn|bot/cgroup_keeper)\.c:' |
		cut -d: -f1,2
}

# handlers FILE...: "FILE:LINE" for each handler of SIGINT or SIGTERM set
# outside referee/base/pool.c (SIG_DFL and SIG_IGN are no handlers).
handlers() {
	grep -HnE '(sigaction|signal)[[:space:]]*\([[:space:]]*SIG(INT|TERM)[[:space:]]*,' "$@" |
		grep -vE 'SIG_(DFL|IGN)' |
		grep -v '^referee/base/pool\.c:' |
		cut -d: -f1,2
}

# The checks themselves, on files made for them.
mkdir -p "$TMP/referee/base" "$TMP/referee/run"
printf 'pid_t p = fork();\n' >"$TMP/referee/base/pool.c"
printf '/* as fork() does */\nint f(void) { return 0; }\n' >"$TMP/referee/run/fine.c"
printf 'sigaction(SIGINT, &sa, NULL);\n' >"$TMP/referee/base/pool.h"
printf 'signal(SIGTERM, SIG_IGN);\n' >>"$TMP/referee/run/fine.c"
cd "$TMP" || exit 1
expect_eq "$(forks referee/base/pool.c referee/run/fine.c)" "" \
	"fork() in base/pool.c, and a comment naming it, pass"
expect_eq "$(handlers referee/run/fine.c)" "" "SIG_IGN is no handler"
printf 'if ((pid = fork()) == 0)\n' >"$TMP/referee/run/worker.c"
printf 'struct sigaction sa;\nsigaction(SIGTERM, &sa, NULL);\n' >"$TMP/referee/run/stop.c"
expect_eq "$(forks referee/run/worker.c)" "referee/run/worker.c:1" \
	"a fork() outside the four is caught"
expect_eq "$(handlers referee/base/pool.h referee/run/stop.c)" \
"referee/base/pool.h:1
referee/run/stop.c:2" "a handler set outside base/pool.c is caught"

cd "$top_srcdir" || exit 1
files=$(git ls-files 'referee/*.c' 'referee/*.h' 2>/dev/null)
[ -n "$files" ] || files=$(find referee -name '*.[ch]')
expect_lt 100 "$(printf '%s\n' $files | wc -l)" "the referee's sources are listed"
expect_eq "$(forks $files)" "" \
	"fork() only in base/child.c, base/pool.c, bot/bot_spawn.c and bot/cgroup_keeper.c"
expect_eq "$(handlers $files)" "" \
	"SIGINT and SIGTERM handled only by base/pool.c"

done_testing

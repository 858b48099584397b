#!/usr/bin/env bash
# End-to-end: nothing of a bot's sandbox outlives a referee killed with
# kill -9 under the fallback (docs/SANDBOX.md, "Without a control group:
# the fallback"), not even a process of the sandbox that would not die
# with bubblewrap, as bubblewrap's own init does when the referee is
# killed in the moment between bubblewrap's clone of it and its word to
# go on (the init then waits for ever: tests/e2e/swiss.sh's killed run
# met it).  Here a bwrap found first in PATH leaves such a process behind
# (a copy of sleep, its command line in $TMP), then runs the real one:
# the fallback starts bwrap as the init of a PID namespace of its own,
# which the kernel empties when bwrap dies.  As a normal user, where it
# has no control group; root's bots have one, which this does not test.
. "${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}/tests/tools/lib.sh"
needs_bubblewrap

unprivileged
mkdir -m 0755 "$TMP/bin"
cp "$(command -v sleep)" "$TMP/left-behind"
cat >"$TMP/bin/bwrap" <<SH
#!/bin/sh
"$TMP/left-behind" 600 &
exec $(command -v bwrap) "\$@"
SH
chmod a+rx "$TMP/bin/bwrap" "$TMP/left-behind"

# A game of two bots that think a minute a move, started; then the
# referee killed.
"${AS[@]}" env PATH="$TMP/bin:$PATH" "$REFEREE" play rolit -o size=4 --move-ms 120000 \
	--log "$TMP/killed.jsonl" "$AS_PYTHON3 $ZOO/slow.py $TMP 60000" "$AS_PYTHON3 $ZOO/slow.py $TMP 60000" \
	>"$TMP/killed.out" 2>&1 &
referee=$!
for _ in $(seq 600); do
	grep -q '"type":"header"' "$TMP/killed.jsonl" 2>/dev/null &&
		[ "$(pgrep -c -f "$TMP/left-behind")" -ge 2 ] && break
	sleep 0.05
done
if ! grep -q '"containment":"fallback' "$TMP/killed.jsonl" 2>/dev/null; then
	{ kill -KILL "$referee"; wait "$referee"; } 2>/dev/null
	echo "1..0 # SKIP the bots have a control group here, not the fallback: $(head -c 300 "$TMP/killed.jsonl" "$TMP/killed.out" 2>&1)"
	exit 0
fi
ok "$([ "$(pgrep -c -f "$TMP/left-behind")" -ge 2 ]; echo $?)" "each bot's bwrap left a process behind that would not die with it"
{ kill -KILL "$referee"; wait "$referee"; } 2>/dev/null
assert_no_leftovers "nothing of the sandboxes outlives the referee killed with kill -9, that process included"

done_testing

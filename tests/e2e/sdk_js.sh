#!/bin/sh
# The JavaScript bot SDK (sdk/js/arena_bot.mjs): its node:test suites in
# sdk/js/test/ (BLAKE2b and the fairness vectors, scripted transcripts
# through run(), the game helpers and the rules they call, the example
# bots in the referee), run by Node's own runner, whose TAP passes through
# as is.  Skipped when Node 18 or later is missing.
top_srcdir=${top_srcdir:-$(cd "$(dirname "$0")/../.." && pwd)}
# Run from the build tree, where arena_rules.wasm is (make copies the SDK
# and its tests there in a build outside the source tree).
top_builddir=${top_builddir:-$top_srcdir}
NODE=${NODE:-node}
major=$("$NODE" -p 'process.versions.node.split(".")[0]' 2>/dev/null)
if [ -z "$major" ] || [ "$major" -lt 18 ]; then
	echo "1..0 # SKIP Node.js 18 or later not found"
	exit 0
fi
exec "$NODE" --test --test-reporter=tap "$top_builddir"/sdk/js/test/*.test.mjs

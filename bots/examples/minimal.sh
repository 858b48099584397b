#!/bin/bash
# minimal: a bot with no SDK at all, in bash and jq: the simplest bot of
# docs/PROTOCOL.md.  Every line the referee sends gets exactly one line back:
# a message with a "legal" array (a turn) gets {"action": its first legal
# action}, copied verbatim; any other message gets {}, which also declines
# the fairness exchange (allowed; the SDKs take part instead).
#
#   referee play rolit bots/examples/minimal.sh bots/random-bot
#
# One jq process reads the lines one JSON object at a time and, with
# --unbuffered, writes each compact (-c) reply at once; a line that is not
# JSON makes jq stop, and the referee sees the bot exit.
command -v jq >/dev/null || { echo "minimal.sh: jq is not installed" >&2; exit 1; }
exec jq --unbuffered -c 'if has("legal") then {action: .legal[0]} else {} end'

#!/usr/bin/env bash
# docs/LEAGUE-SERVER.md's "Uploading a bot", each recipe as a user follows it:
# the folder built as the doc says (Python with the project's SDK
# installed into it by pip --target, offline; plain Python; JavaScript
# with the SDK in its node_modules; C built static; C with the SDK; a
# shell script), archived, uploaded to a served league with curl,
# accepted, and playing its games without a forfeit.  A language whose
# tools are not here is skipped, saying which.  As root the league is
# nobody's and the server drops to them.
. "$(dirname "$0")/../tools/lib.sh"

command -v curl >/dev/null || { echo "1..0 # SKIP curl is not installed"; exit 0; }

. "$(dirname "$0")/../tools/web_serve.sh"
. "$(dirname "$0")/../tools/sdk_copy.sh"

league_as_user
league_of kim
serve "${SERVE_AS[@]}" -- "$L" --no-play --uploads-per-minute 1000
played=()

# upload NAME: $TMP/NAME (the bot's folder) archived and uploaded as
# the doc says, accepted.
upload() {
	tar -czf "$TMP/$1.tgz" -C "$TMP/$1" .
	expect_eq "$(post "$kim" "$1" "$TMP/$1.tgz")" "202 accepted" "$1: the folder uploaded, accepted" || diag "$(cat "$TMP/body")"
	played+=("$1")
}
skip() { ok 0 "$1 # SKIP $2"; }
# documented TEXT...: each TEXT is in docs/LEAGUE-SERVER.md's "Uploading a bot",
# which this script follows.
recipes=$TMP/recipes
sed -n '/^## Uploading a bot$/,/^## /p' "$top_srcdir/docs/LEAGUE-SERVER.md" >"$recipes"
documented() {
	for text in "$@"; do
		expect_contains "$recipes" "$text" "documented: $text"
	done
}
# A C compiler for the build's libraries: its sanitizers, which a bot
# run as nobody under the fallback's memory limit cannot have (bot_into).
c_ok=
if ! command -v "${CC:-cc}" >/dev/null; then
	c_why="no C compiler"
elif [ -n "${SANITIZER_FLAGS:-}" ] && [ "$(id -u)" -eq 0 ]; then
	c_why="a sanitizer build's bot cannot run as nobody under the fallback's memory limit"
else
	c_ok=1
fi

# --- Python with the project's SDK --------------------------------------------
documented "/usr/bin/python3 -m pip install --no-index --no-build-isolation \\" "--target mybot/vendor ./sdk/python" \
	'sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "vendor"))' \
	'{"command": "/usr/bin/python3 bot.py"}'
mkdir "$TMP/py-sdk"
cat >"$TMP/py-sdk/bot.py" <<'PY'
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "vendor"))
import arena_bot  # noqa: E402
from arena_bot import games  # noqa: E402


class Greedy(arena_bot.Bot):
    name, version = "greedy-vendored", "1"

    def decide(self, turn):
        view = arena_bot.state(turn)
        return max(arena_bot.legal(turn), key=lambda square: games.rolit_counts(
            games.rolit_apply(view["board"], square, view["you"]))[view["you"]])


sys.exit(Greedy().run())
PY
if [ -z "$c_ok" ]; then
	skip "py-sdk: the Python SDK vendored" "$c_why (pip builds its rules)"
elif ! /usr/bin/python3 -c 'import setuptools, wheel, pip, sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' 2>/dev/null; then
	skip "py-sdk: the Python SDK vendored" "/usr/bin/python3 lacks pip, setuptools, wheel or Python.h (python3-pip, python3-setuptools, python3-wheel, python3-dev)"
else
	sdk_python_copy "$TMP/project"
	# It compiles the SDK's extensions: a minute or more on a busy machine.
	RUN_LIMIT=600 run env -C "$TMP/project" -u CFLAGS -u CPPFLAGS -u LDFLAGS -u PYTHONPATH HOME="$TMP/project" \
		PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
		/usr/bin/python3 -m pip install --no-index --no-build-isolation --target "$TMP/py-sdk/vendor" ./sdk/python
	ok "$RC" "py-sdk: pip install --target the bot's folder, offline" || diag_run
	echo '{"command": "/usr/bin/python3 bot.py"}' >"$TMP/py-sdk/bot.json"
	upload py-sdk
fi

# --- Plain Python --------------------------------------------------------------
mkdir "$TMP/py-plain"
cat >"$TMP/py-plain/bot.py" <<'PY'
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    print(json.dumps({"action": msg["legal"][0]} if "legal" in msg else {}), flush=True)
PY
echo '{"command": "/usr/bin/python3 bot.py"}' >"$TMP/py-plain/bot.json"
if [ -x /usr/bin/python3 ]; then upload py-plain; else skip "py-plain" "no /usr/bin/python3"; fi

# --- JavaScript with the project's SDK ---------------------------------------
documented "npm install --offline --install-links /path/to/arena/sdk/js" '{"command": "/usr/bin/node bot.mjs"}'
mkdir "$TMP/js-sdk"
cat >"$TMP/js-sdk/bot.mjs" <<'JS'
import { Bot, legal, state, rolitApply, rolitCounts } from "arena-bot";

class Greedy extends Bot {
  name = "greedy-js";
  version = "1";
  decide(turn) {
    const view = state(turn);
    const gain = (square) => rolitCounts(rolitApply(view.board, square, view.you))[view.you];
    return legal(turn).reduce((best, square) => (gain(square) > gain(best) ? square : best));
  }
}
process.exitCode = await new Greedy().run();
JS
major=$(/usr/bin/node -p 'process.versions.node.split(".")[0]' 2>/dev/null)
if [ -n "$major" ] && [ "$major" -ge 18 ] && command -v npm >/dev/null; then
	sdk_js_copy "$TMP/sdk-js"
	run env -C "$TMP/js-sdk" HOME="$TMP/js-sdk-home" npm install --offline --no-audit --no-fund \
		--install-links "$TMP/sdk-js"
	ok "$RC" "js-sdk: npm install --install-links of sdk/js into the bot's folder, offline" || diag_run
	echo '{"command": "/usr/bin/node bot.mjs"}' >"$TMP/js-sdk/bot.json"
	upload js-sdk
else
	skip "js-sdk" "Node.js 18 (/usr/bin/node) and npm are needed"
fi

# --- C, built static ------------------------------------------------------------
documented "cc -O2 -static -o mybot/bot bot.c" '{"command": "./bot"}'
mkdir "$TMP/c-static"
cat >"$TMP/c-static.c" <<'C'
#include <stdio.h>
#include <string.h>

/* Answers a turn with its first legal action, anything else with {}. */
int main(void)
{
	static char line[1 << 20];

	while (fgets(line, sizeof line, stdin)) {
		char *legal = strstr(line, "\"legal\":[\""), *end;

		if (legal && (end = strchr(legal + 10, '"')))
			printf("{\"action\":\"%.*s\"}\n", (int)(end - legal - 10), legal + 10);
		else
			puts("{}");
		fflush(stdout);
	}
	return 0;
}
C
if ! command -v "${CC:-cc}" >/dev/null; then
	skip "c-static" "no C compiler"
elif ! run "${CC:-cc}" -O2 -static -o "$TMP/c-static/bot" "$TMP/c-static.c"; then
	skip "c-static" "no static C library to link with (libc6-dev)"
else
	echo '{"command": "./bot"}' >"$TMP/c-static/bot.json"
	upload c-static
fi

# --- C with the project's SDK -------------------------------------------------
documented "cc -O2 -Isdk/c -o mybot/bot bot.c sdk/c/libarena-bot.a \\" "games/libarena-games.a -lcjson -lsodium -lm"
mkdir "$TMP/c-sdk"
cat >"$TMP/c-sdk.c" <<'C'
#include <arena_bot.h>

static cJSON *decide(const cJSON *turn, void *ctx)
{
	(void)ctx;
	return cJSON_Duplicate(cJSON_GetArrayItem(arena_legal(turn), 0), 1);
}

int main(void)
{
	struct arena_bot_callbacks cb = {.decide = decide};

	return arena_bot_run("first-c", "1", &cb);
}
C
if [ -z "$c_ok" ]; then
	skip "c-sdk" "$c_why"
else
	# The doc's uninstalled form, in the build folder.
	# shellcheck disable=SC2086 # flags are words
	run env -C "$top_builddir" "${CC:-cc}" -O2 ${SANITIZER_FLAGS:-} -I"$top_srcdir/sdk/c" \
		-o "$TMP/c-sdk/bot" "$TMP/c-sdk.c" sdk/c/libarena-bot.a games/libarena-games.a -lcjson -lsodium -lm
	ok "$RC" "c-sdk: built against the SDK's libraries of the build folder" || diag_run
	echo '{"command": "./bot"}' >"$TMP/c-sdk/bot.json"
	upload c-sdk
fi

# --- A shell bot -----------------------------------------------------------------
documented '{"command": "/bin/sh bot.sh"}' "tar -czf mybot.tgz -C mybot ."
mkdir "$TMP/shell"
cat >"$TMP/shell/bot.sh" <<'SH'
# Answers a turn with its first legal action, anything else with {}.
while IFS= read -r line; do
	case $line in
	*'"legal":["'*)
		first=${line#*'"legal":["'}
		printf '{"action":"%s"}\n' "${first%%\"*}" ;;
	*) echo '{}' ;;
	esac
done
SH
echo '{"command": "/bin/sh bot.sh"}' >"$TMP/shell/bot.json"
upload shell

# Each plays its games, none lost by forfeit.
# A task a set, so that every new bot is a seed in turn.
expect_exit 0 "${LEAGUE[@]}" run "$L" --games $((4 * ${#played[@]})) --batch 1 --concurrency 2
# played_figures BOT: whether its versions have games, and its forfeits,
# as the server says them.  A version's games are counted by the fit,
# which the server's thread makes again after the run's games reach the
# index: a moment after the run.
played_figures() {
	code "/api/bots/$1" >/dev/null
	json 'sum(v["games"] for v in d["versions"]) > 0, len(d["forfeits"])'
}
for bot in "${played[@]}"; do
	expect_eventually "True 0" "$bot plays its games, none lost by forfeit" played_figures "$bot" ||
		diag "$(cat "$TMP/body")"
done
stop
done_testing

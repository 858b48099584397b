#!/usr/bin/env bash
# End-to-end: the SDKs installed the way their ecosystems expect, then a
# bot written elsewhere against each, with no path into this repository,
# passing check-bot.  Python: the README's two lines (a virtualenv of
# Debian's python3 with its site packages, then `pip install
# --no-build-isolation ./sdk/python`), offline, with the setuptools, wheel
# and numpy of Debian's packages (python3-venv, python3-setuptools,
# python3-wheel, python3-numpy; $SDK_PYTHON names another interpreter that
# has them).
# JavaScript: `npm install --install-links` of sdk/js (a copy, not the
# symlink the sandbox hides) into a fresh folder (a local folder
# needs no registry).  Each installs from a copy of its folder, so that
# the source tree is left as it was.  C: `make install DESTDIR=...` of the
# C SDK and the rules library, then a bot built with pkg-config alone that
# also plays whole games with the installed rules library.
. "$(dirname "$0")/../tools/lib.sh"
. "$(dirname "$0")/../tools/sdk_copy.sh"

# A Rolit bot that plays the move turning the most balls, with the safety
# net on, in a folder of its own.
mkdir -p "$TMP/py/bot" "$TMP/js/bot"
cat >"$TMP/py/bot/mybot.py" <<'PY'
import sys
import arena_bot
from arena_bot import games


class Greedy(arena_bot.Bot):
    name, version, safe = "greedy-installed", "1", True

    def decide(self, turn):
        view = arena_bot.state(turn)
        return max(arena_bot.legal(turn), key=lambda square: games.rolit_counts(
            games.rolit_apply(view["board"], square, view["you"]))[view["you"]])


sys.exit(Greedy().run())
PY
cat >"$TMP/js/bot/mybot.mjs" <<'JS'
import { Bot, legal, state, rolitApply, rolitCounts } from "arena-bot";

class Greedy extends Bot {
  name = "greedy-installed-js";
  version = "1";
  safe = true;
  decide(turn) {
    const view = state(turn);
    const gain = (square) => rolitCounts(rolitApply(view.board, square, view.you))[view.you];
    return legal(turn).reduce((best, square) => (gain(square) > gain(best) ? square : best));
  }
}
process.exitCode = await new Greedy().run();
JS

# installed_bot_passes LANGUAGE GAME BOT: `check-bot GAME BOT` passes
# every check of a bot on an SDK installed as its docs say.
installed_bot_passes() {
	local desc="check-bot $2: the $1 bot on the installed SDK passes"
	run "$REFEREE" check-bot "$2" "$3"
	ok "$([ "$RC" = 0 ] && grep -q '^[0-9]* passed, 0 failed$' "$OUT"; echo $?)" "$desc" || diag_run
}

# --- Python -------------------------------------------------------------------
# arena_env's extension and arena_bot._rules compile the rules library
# (and the C SDK's game helpers) beside sdk/python: the copy is of what
# `pip install sdk/python` reads in the source tree.
sdk_python_copy "$TMP/py/src"
# The installed package, not a build tree's (lib.sh's PYTHONPATH).
unset PYTHONPATH
# The README's two lines, as a user runs them in the source tree, with
# Debian's python3 (or $SDK_PYTHON, named python3) first on PATH and a home of their own;
# with Python's compiler flags, none of a sanitizer build's (an extension
# built with AddressSanitizer cannot be imported by an interpreter built
# without it), and no package index (pip must need none).
mkdir -p "$TMP/py/home"
sdk_python=${SDK_PYTHON:-/usr/bin/python3}
readme_install=$(sed -n '/^```sh$/{n;/-m venv --system-site-packages/{N;p;};}' "$top_srcdir/README.md")
expect_eq "$(printf '%s\n' "$readme_install" | wc -l)" 2 "README.md shows the Python SDK's install: a venv, then pip"
# It compiles the SDK's extensions: a minute or more on a busy machine.
RUN_LIMIT=600 run env -C "$TMP/py/src" -u CFLAGS -u CPPFLAGS -u LDFLAGS HOME="$TMP/py/home" \
	PATH="${sdk_python%/*}:$PATH" PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1 bash -ec "$readme_install"
ok "$RC" "the README's install of the Python SDK works offline" || diag_run
venv=$(printf '%s\n' "$readme_install" | sed -n '1s/.*--system-site-packages //p')
venv=${venv/#\~/$TMP/py/home}
run "$venv/bin/python" -c 'import numpy, sys; print(sys.prefix != sys.base_prefix)'
expect_eq "$RC $(cat "$OUT")" "0 True" "the venv is one, and sees Debian's numpy (--system-site-packages)"
run "$venv/bin/python" -c 'import arena_bot, arena_bot.games, importlib.metadata as m
print(m.version("arena-bot"), arena_bot.Bot.safe, len(arena_bot.games.dice_keeps("bolo", [1, 5, 2, 2, 2, 3, 4])))'
expect_eq "$(cat "$OUT")" "$(sed -n 's/^AC_INIT(\[arena\], \[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac") False 7" \
	"the package imports with its game helpers, at the project's version"
run "$venv/bin/python" -c 'import arena_env
e = arena_env.env("bolo5")
e.reset(seed=0)
print(e.facts()["game_id"], len(e.legal()) > 0)'
expect_eq "$(cat "$OUT")" "$(sed -n 's/^seed.game1.game_id: //p' "$top_srcdir/docs/FAIRNESS.md") True" \
	"arena_env installed: game 1 of seed 00 has the game_id of referee play --seed 00's first game"
run "$venv/bin/python" -c 'import arena_env
e = arena_env.env("bolo5")
e.reset(seed=0)
print(e.values()["how"])'
expect_eq "$RC $(cat "$OUT")" "0 exact: tables to 10000 built in" \
	"arena_env installed: the exact values, their tables built in"
cd "$TMP/py/bot" || exit 99
installed_bot_passes Python rolit "$venv/bin/python mybot.py '$TMP'"

# --- JavaScript ----------------------------------------------------------------
major=$("${NODE:-node}" -p 'process.versions.node.split(".")[0]' 2>/dev/null)
if [ -n "$major" ] && [ "$major" -ge 18 ] && command -v npm >/dev/null; then
	sdk_js_copy "$TMP/js/sdk"
	cd "$TMP/js/bot" || exit 99
	run npm install --offline --no-audit --no-fund --install-links "$TMP/js/sdk"
	ok "$RC" "npm install sdk/js into a fresh folder, offline" || diag_run
	expect_eq "$(cd "$TMP/js/bot" && "${NODE:-node}" -p 'require("./node_modules/arena-bot/package.json").version')" \
		"$(sed -n 's/^AC_INIT(\[arena\], \[\([^]]*\)\].*/\1/p' "$top_srcdir/configure.ac")" \
		"the installed package has the project's version"
	expect_eq "$("${NODE:-node}" --input-type=module -e 'import { diceValue, rolitLegalMoves } from "arena-bot"; console.log(diceValue("bolo", [1, 1, 1, 1]), rolitLegalMoves(["....", ".RG.", ".YB.", "...."], "red").join())')" \
		"2000 D2,B4,D4" \
		"the installed package's helpers call the rules (arena_rules.wasm installed with it)"
	installed_bot_passes JavaScript rolit "${NODE:-node} mybot.mjs '$TMP'"
else
	echo "ok $((tap_count + 1)) # SKIP Node.js 18 and npm are needed for the JavaScript SDK"
	tap_count=$((tap_count + 1))
fi
# --- C ------------------------------------------------------------------------
dest=$TMP/c/root
prefix=$(sed -n 's/^prefix=//p' "$top_builddir/sdk/c/arena-bot.pc")
run make -C "$top_builddir" install DESTDIR="$dest"
ok "$RC" "make install DESTDIR=..." || diag_run
for file in bin/referee libexec/arena/bot-exec \
	lib/libarena-bot.a lib/libarena-games.a lib/pkgconfig/arena-bot.pc \
	include/arena_bot.h include/arena_games.h include/arena/games/draws.h \
	include/arena/games/game.h include/arena/games/registry.h \
	include/arena/games/dice.h include/arena/draws.h; do
	[ -f "$dest$prefix/$file" ]
	ok $? "installed: $file"
done
# The installed referee runs bots in its sandbox with the bot-exec of its
# own prefix, not only the one its build was configured for: the
# README's ~/.local install after a first build for /usr/local compiles
# nothing again.
if [ -e "$prefix/libexec/arena/bot-exec" ]; then
	ok 0 "the installed referee's own bot-exec # SKIP $prefix/libexec/arena/bot-exec is installed, so it cannot be told from it"
else
	run env -u ARENA_BOT_EXEC "$dest$prefix/bin/referee" play bolo --games 1 --out "$TMP/c/installed" "$CBOT" "$CBOT"
	ok "$RC" "the referee installed elsewhere than its build's prefix runs bots (its bot-exec found in its own prefix)" || diag_run
fi
# Every name the installed libraries define for others is arena_...: a
# bot keeps the rest to itself.  AddressSanitizer's markers of global
# variables (__odr_asan.NAME) are the compiler's, not the library's.
run nm -g --defined-only "$dest$prefix/lib/libarena-games.a" "$dest$prefix/lib/libarena-bot.a"
expect_eq "$(awk 'NF == 3 && $3 !~ /^(arena_|__odr_asan\.)/ { print $3 }' "$OUT")" "" \
	"the installed libraries export arena_ names only"
flags=$(pkg-config --define-variable=prefix="$dest$prefix" --cflags --libs \
	"$dest$prefix/lib/pkgconfig/arena-bot.pc")
# The build's compiler and sanitizers (a library built with them needs
# their runtime), and nothing else of the build's.
# shellcheck disable=SC2086 # flags are words
run ${CC:-cc} -std=c11 -Wall -Werror ${SANITIZER_FLAGS:-} -o "$TMP/c/install-bot" \
	"$top_srcdir/tests/fixtures/sdk_install_bot.c" $flags
ok "$([ "$RC" = 0 ] && [ -x "$TMP/c/install-bot" ]; echo $?)" \
	"a C bot with its own xmalloc, errorf, now_ns and hex_encode builds with \`pkg-config --cflags --libs arena-bot\` alone" || diag_run
# Where earlier releases installed draws.h still works.
printf '#include <arena/draws.h>\n#include <arena/games/game.h>\nint main(void) { return GAME_MAX_SEATS != 8; }\n' >"$TMP/c/old_path.c"
# shellcheck disable=SC2086 # flags are words
run ${CC:-cc} -std=c11 -Wall -Werror ${SANITIZER_FLAGS:-} -o "$TMP/c/old-path" "$TMP/c/old_path.c" $flags
ok "$RC" "<arena/draws.h> still compiles beside <arena/games/game.h>" || diag_run
installed_bot_passes C bolo5 "$TMP/c/install-bot"
run "$REFEREE" play bolo --out "$TMP/c/bolo" "$TMP/c/install-bot" "$CBOT $TMP"
expect_contains "$TMP/c/bolo/install-bot.stderr" "install-bot: simulated a whole game of bolo: " \
	"the C bot plays a whole game of bolo with the installed rules library"
expect_not_contains "$TMP/c/bolo/install-bot.stderr" "differently" \
	"the installed C SDK scores keeps as the referee does"

assert_no_leftovers
done_testing

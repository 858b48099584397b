"""The C extensions of arena_env and arena_bot (pyproject.toml holds the rest).

arena_env._core is compiled from the referee's rules library (games/*.c)
and the few files of the referee that drive a game as a match does;
arena_bot._rules, which arena_bot.games calls, from the same rules library
and the C SDK's game helpers (sdk/c/arena_games.c).  Both are found beside
this folder in the arena source tree (../../games, ../../referee,
../../sdk/c), and linked with libsodium, libcjson and libdeflate (Debian:
libsodium-dev, libcjson-dev, libdeflate-dev).  `pip install --no-build-isolation sdk/python` builds it
offline with the setuptools already installed.
"""

import glob
import os
import shutil

from setuptools import Extension, setup

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, "..", ".."))
# The referee's files a game of the environment is played through.
REFEREE = ["util", "json", "options", "game_play", "records", "seed",
           "journal"]
# Headers of the referee those files include, whose code they do not call.
HEADERS = ["keys.h"]
# Where the C files are copied to be compiled, so that no object file is
# written outside the build folder (make names one in the build tree).
COPY = os.environ.get("ARENA_ENV_COPY") or os.path.join("build", "arena-src")


def copies():
    """Copies the rules library's, the C SDK's and the referee's files the
    extensions need into COPY; returns the C files copied, by their path
    in the source tree, as paths relative to this folder."""
    if not os.path.isfile(os.path.join(TOP, "games", "game.h")):
        raise SystemExit("arena-bot: the rules library is not at %s/games: "
                         "install sdk/python from the arena source tree"
                         % TOP)
    wanted = glob.glob(os.path.join(TOP, "games", "*.[ch]"))
    wanted += [os.path.join(TOP, "referee", "base", name + ext)
               for name in REFEREE for ext in (".c", ".h")]
    wanted += [os.path.join(TOP, "referee", "base", name) for name in HEADERS]
    wanted += [os.path.join(TOP, "sdk", "c", "arena_games" + ext)
               for ext in (".c", ".h")]
    found = {}
    for path in sorted(wanted):
        copy = os.path.join(HERE, COPY, os.path.relpath(path, TOP))
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copy2(path, copy)  # its time too: no needless rebuild
        if copy.endswith(".c"):
            found[os.path.relpath(path, TOP)] = os.path.relpath(copy, HERE)
    return found


COPIED = copies()
GAMES = [c for path, c in COPIED.items() if path.startswith("games")]
REFEREE_C = [c for path, c in COPIED.items() if path.startswith("referee")]
FLAGS = dict(define_macros=[("_GNU_SOURCE", None)],
             extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra"])

setup(ext_modules=[
    # arena_env: the games played as the referee plays them.
    Extension("arena_env._core",
              sources=sorted(glob.glob(os.path.join("arena_env", "*.c")))
              + GAMES + REFEREE_C,
              include_dirs=[COPY, os.path.join(COPY, "referee")],
              libraries=["sodium", "cjson", "deflate", "m"], **FLAGS),
    # arena_bot.games' rules: the C SDK's helpers on the rules library.
    Extension("arena_bot._rules",
              sources=[os.path.join("arena_bot", "rules.c")] + GAMES
              + [COPIED[os.path.join("sdk", "c", "arena_games.c")]],
              include_dirs=[COPY, os.path.join(COPY, "sdk", "c")],
              libraries=["sodium", "cjson", "m"], **FLAGS)])

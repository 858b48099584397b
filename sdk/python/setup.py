"""The C extensions of arena_env and arena_bot (pyproject.toml holds the rest).

arena_env._core is compiled from the referee's rules library (games/*.c),
the few files of the referee that drive a game as a match does, and the
values library (values/*.c: the exact values of the solved games, whose
tables of the default target a build of the tree has solved into
values/values_tables.c, or this file solves once if it has not);
arena_bot._rules, which arena_bot.games calls, from the same rules library
and the C SDK's game helpers (sdk/c/arena_games.c).  Both are found beside
this folder in the arena source tree (../../games, ../../referee,
../../sdk/c), and linked with libsodium, libcjson and libdeflate (Debian:
libsodium-dev, libcjson-dev, libdeflate-dev).  `pip install --no-build-isolation sdk/python` builds it
offline with the setuptools already installed.
"""

import glob
import os
import re
import shutil
import subprocess

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.normpath(os.path.join(HERE, "..", ".."))
# Where the C files are copied to be compiled, so that no object file is
# written outside the build folder (make names one in the build tree).
COPY = os.environ.get("ARENA_ENV_COPY") or os.path.join("build", "arena-src")


def referee_files():
    """The referee's files arena_env's C needs, found as the compiler finds
    them: each header of the referee that its files include, and those
    that header's files include in turn, each with its module's C files
    (NAME.c, and NAME_*.c, as json.h's json.c and json_parse.c), so that no
    list here has to follow the referee's changes."""
    todo = glob.glob(os.path.join(HERE, "arena_env", "*.[ch]"))
    found = set()
    while todo:
        path = todo.pop()
        with open(path, encoding="utf-8") as f:
            names = re.findall(r'^\s*#\s*include\s+"([^"]+)"', f.read(), re.M)
        for name in names:
            header = next((os.path.normpath(c) for c in (
                os.path.join(os.path.dirname(path), name),
                os.path.join(TOP, name), os.path.join(TOP, "referee", name))
                if os.path.isfile(c)), None)
            if not header or not os.path.relpath(header, TOP).startswith("referee"):
                continue
            stem = header[:-2]
            for new in [header] + glob.glob(stem + ".c") + glob.glob(stem + "_*.c"):
                if new not in found:
                    found.add(new)
                    todo.append(new)
    return sorted(found)


def copies():
    """Copies the rules library's, the C SDK's and the referee's files the
    extensions need into COPY; returns the C files copied, by their path
    in the source tree, as paths relative to this folder."""
    if not os.path.isfile(os.path.join(TOP, "games", "game.h")):
        raise SystemExit("arena-bot: the rules library is not at %s/games: "
                         "install sdk/python from the arena source tree"
                         % TOP)
    wanted = glob.glob(os.path.join(TOP, "games", "*.[ch]"))
    wanted += referee_files()
    wanted += [os.path.join(TOP, "sdk", "c", "arena_games" + ext)
               for ext in (".c", ".h")]
    wanted += glob.glob(os.path.join(TOP, "values", "*.[ch]"))
    built = os.environ.get("ARENA_VALUES_TABLES")  # a build tree's (make)
    if built:
        wanted.append(built)
    found = {}
    for path in sorted(wanted):
        name = os.path.relpath(path, TOP) if path != built \
            else os.path.join("values", "values_tables.c")
        copy = os.path.join(HERE, COPY, name)
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copy2(path, copy)  # its time too: no needless rebuild
        if copy.endswith(".c"):
            found[name] = os.path.relpath(copy, HERE)
    return found


COPIED = copies()
GAMES = [c for path, c in COPIED.items() if path.startswith("games")]
REFEREE_C = [c for path, c in COPIED.items() if path.startswith("referee")]
# The values library; values_tables.c is a build's, or made by TablesFirst.
TABLES = os.path.relpath(os.path.join(HERE, COPY, "values", "values_tables.c"),
                         HERE)
SOLVER = [COPIED[os.path.join("values", name + ".c")] for name in
          ("dice_rolls", "dice_policy", "win_policy", "win_solve")]
VALUES_C = sorted(set(c for path, c in COPIED.items()
                      if path.startswith("values")) - {TABLES}
                  - {COPIED[os.path.join("values", "win_table.c")]}) + [TABLES]
# build_ext rebuilds an extension when one of its sources or `depends` is
# newer than it: every header, so that a change to a header alone is built.
HEADERS = sorted(glob.glob(os.path.join(COPY, "**", "*.h"), recursive=True)
                 + glob.glob(os.path.join("arena_*", "*.h")))
FLAGS = dict(define_macros=[("_GNU_SOURCE", None)],
             extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra"],
             depends=HEADERS)


class TablesFirst(build_ext):
    """build_ext, which first solves the tables of the default target into
    values_tables.c when no build of the tree has (values/win-table, as
    `make` does: a minute or two of one core, once)."""

    def run(self):
        if not os.path.isfile(TABLES):
            self.solve_tables()
        build_ext.run(self)

    def solve_tables(self):
        from distutils.ccompiler import new_compiler
        from distutils.sysconfig import customize_compiler

        cc = new_compiler()
        customize_compiler(cc)
        temp = os.path.join(self.build_temp, "win-table")
        objects = cc.compile(
            [COPIED[os.path.join("values", "win_table.c")]] + SOLVER + GAMES,
            output_dir=temp, include_dirs=[COPY],
            macros=FLAGS["define_macros"],
            extra_postargs=FLAGS["extra_compile_args"])
        cc.link_executable(objects, "win-table", output_dir=temp,
                           libraries=["sodium", "cjson", "m"])
        print("solving the tables of bolo and bolo5 (values/win-table): "
              "a minute or two")
        with open(TABLES + ".tmp", "w") as out:
            subprocess.run([os.path.join(temp, "win-table")], stdout=out,
                           check=True)
        os.replace(TABLES + ".tmp", TABLES)

setup(cmdclass={"build_ext": TablesFirst}, ext_modules=[
    # arena_env: the games played as the referee plays them, and the
    # values of the solved ones.
    Extension("arena_env._core",
              sources=sorted(glob.glob(os.path.join("arena_env", "*.c")))
              + GAMES + REFEREE_C + VALUES_C,
              include_dirs=[COPY, os.path.join(COPY, "referee")],
              libraries=["sodium", "cjson", "deflate", "m"],
              # Only what the module's entry point reaches is kept: the
              # referee's files the includes bring in may call what it does
              # not link (keys.c's files.c, nettle's hashes).
              define_macros=FLAGS["define_macros"], depends=HEADERS,
              extra_compile_args=FLAGS["extra_compile_args"]
              + ["-ffunction-sections", "-fdata-sections", "-fvisibility=hidden"],
              extra_link_args=["-Wl,--gc-sections"]),
    # arena_bot.games' rules: the C SDK's helpers on the rules library.
    Extension("arena_bot._rules",
              sources=[os.path.join("arena_bot", "rules.c")] + GAMES
              + [COPIED[os.path.join("sdk", "c", "arena_games.c")]],
              include_dirs=[COPY, os.path.join(COPY, "sdk", "c")],
              libraries=["sodium", "cjson", "m"], **FLAGS)])

"""The C extension of arena_env (pyproject.toml holds the rest).

arena_env._core is compiled from the referee's rules library (games/*.c)
and the few files of the referee that drive a game as a match does, found
beside this folder in the arena source tree (../../games, ../../referee),
and linked with libsodium, libcjson and libdeflate (Debian:
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


def sources():
    """The extension's C files: arena_env's, then copies of the rules
    library's and the referee's, in COPY."""
    if not os.path.isfile(os.path.join(TOP, "games", "game.h")):
        raise SystemExit("arena_env: the rules library is not at %s/games: "
                         "install sdk/python from the arena source tree"
                         % TOP)
    wanted = glob.glob(os.path.join(TOP, "games", "*.[ch]"))
    wanted += [os.path.join(TOP, "referee", name + ext)
               for name in REFEREE for ext in (".c", ".h")]
    wanted += [os.path.join(TOP, "referee", name) for name in HEADERS]
    found = sorted(glob.glob(os.path.join("arena_env", "*.c")))
    for path in sorted(wanted):
        copy = os.path.join(HERE, COPY, os.path.relpath(path, TOP))
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        shutil.copy2(path, copy)  # its time too: no needless rebuild
        if copy.endswith(".c"):
            found.append(os.path.relpath(copy, HERE))
    return found


setup(ext_modules=[Extension(
    "arena_env._core", sources=sources(),
    include_dirs=[COPY, os.path.join(COPY, "referee")],
    define_macros=[("_GNU_SOURCE", None)],
    extra_compile_args=["-std=c11", "-O2", "-Wall", "-Wextra"],
    libraries=["sodium", "cjson", "deflate", "m"])])

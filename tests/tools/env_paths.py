"""Where the tests of arena_env find it: the build tree's sdk/python (its
extension, built by make) before the source tree's (its Python files,
for a build outside the source tree).  Importing this sets sys.path;
TOP_BUILD is the build tree ($top_builddir, else the source tree's top).
optional() imports what arena_env works with where it is there (numpy,
Gymnasium) for the tests and bench/env.py.
"""

import importlib
import os
import sys

TOOLS = os.path.dirname(os.path.abspath(__file__))
TOP_BUILD = os.environ.get("top_builddir", os.path.join(TOOLS, "..", ".."))
sys.path.insert(0, os.path.join(TOP_BUILD, "sdk", "python"))
sys.path.insert(1, os.path.join(TOOLS, "..", "..", "sdk", "python"))


def optional(name, *submodules):
    """Module `name`, its `submodules` ("gymnasium.vector") imported too,
    or None where any is not importable (what needs it is skipped)."""
    try:
        for sub in submodules:
            importlib.import_module(sub)
        return importlib.import_module(name)
    except ImportError:
        return None

#!/usr/bin/env python3
# named NAME: a good bot that gives NAME in hello, each "^[" in it sent as the escape character (a name meant to play tricks on a terminal).
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import zoo  # noqa: E402

sys.exit(zoo.run(zoo.arg(1, "named").replace("^[", "\x1b")))

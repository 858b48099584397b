#!/bin/sh
# crash-at-start: exits with status 3 at once, before reading anything.
exit 3

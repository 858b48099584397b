"""The Python bot SDK for the arena referee (the protocol, standard library only).

A bot subclasses Bot, overrides decide() (and on_start()/on_end() if it
cares), and calls run(); in decide() it may call self.info(text) to say
what the move is about (logged beside it, shown by replays).  The SDK speaks the whole bot protocol
(docs/PROTOCOL.md) on standard input and output: it answers hello with the
bot's name, takes part in the fairness exchange of every game (FAIRNESS.md,
steps 1-3: at commit it draws r_i and sends
c_i = H("arena:botcommit", -, game_id || LE32(seat) || C || r_i), at lock
it reveals r_i, and at end it checks that the referee's secret S gives
C = H("arena:commit", -, game_id || S)), hands each turn to decide() and
answers every other message with {}.  It behaves like the C SDK
(sdk/c/arena_bot.h), down to the compact form of its replies.  The game
helpers, arena_bot.games, call the referee's C rules (arena_bot._rules).  A bot must
never print to standard output itself; log to standard error.

    class MyBot(Bot):
        name = "mine"
        def decide(self, turn):
            return turn["legal"][0]

    sys.exit(MyBot().run())
"""

import hashlib
import json
import pkgutil
import re
import random
import secrets
import sys
import traceback
from typing import Any, Callable, Dict, Optional, TextIO

# The package may be spread over two folders on the path: the source
# tree's, and a build tree's holding only the compiled rules
# (arena_bot/_rules*.so) when the arena is built outside its source tree.
__path__ = pkgutil.extend_path(__path__, __name__)

__all__ = ["Bot", "Message", "run", "legal", "seat", "state",
           "bot_commitment", "referee_commitment"]

PROTOCOL_VERSION = 1
GAME_ID_BYTES = 16
HASH_BYTES = 32
SECRET_BYTES = 32

Message = Dict[str, Any]


class _ProtocolError(Exception):
    """A line from the referee that the SDK cannot answer."""


class Bot:
    """A bot: override decide(), and on_start()/on_end() if needed.

    The class attributes name and version go into the hello reply; None
    leaves them out.
    """

    name: Optional[str] = None
    version: Optional[str] = None
    # The safety net, off unless a bot asks for it: when decide() raises or
    # returns an action that is not legal, the SDK writes the traceback (or
    # the action) to standard error and plays a random legal action, so a
    # bug costs a move, not the game.
    safe: bool = False
    # What info() was last given for the turn being decided.
    _info: Optional[str] = None

    def info(self, text: str) -> None:
        """Say what the move being decided is about: called in decide(),
        the text goes with the action as "info" (docs/PROTOCOL.md), which
        the referee logs beside the action (its first 256 bytes) and the
        replays show; it never changes the game.  The last call of a turn
        wins; a turn without a call sends none."""
        self._info = str(text)

    def decide(self, turn: Message) -> Any:
        """Return the action for a turn message.

        turn holds "seat", "state", "legal" (absent in games whose actions
        are not enumerable) and "time_left_ms".  Any element of legal is a
        valid action as is.
        """
        raise NotImplementedError("a Bot must override decide()")

    def on_start(self, start: Message) -> None:
        """Called with the start message of each game."""

    def on_end(self, end: Message) -> None:
        """Called with the end message of each game (result, forfeits)."""

    def run(self, stdin: Optional[TextIO] = None,
            stdout: Optional[TextIO] = None) -> int:
        """Play until goodbye or end of input; see the module's run()."""
        return run(self, self.name, self.version, stdin=stdin, stdout=stdout)


def legal(turn: Message) -> Optional[list]:
    """The legal actions of a turn, or None if the message has none."""
    actions = turn.get("legal")
    return actions if isinstance(actions, list) else None


def seat(turn: Message) -> int:
    """The seat a turn is for, or -1 if the message has none."""
    number = _seat_number(turn.get("seat"))
    return -1 if number is None else number


def state(turn: Message) -> Any:
    """The game as the seat sees it (see docs/games/), or None."""
    return turn.get("state")


def _hash(personal: bytes, message: bytes) -> bytes:
    """H(P, -, msg) of FAIRNESS.md; hashlib zero-pads person to 16 bytes."""
    return hashlib.blake2b(message, digest_size=HASH_BYTES,
                           person=personal).digest()


def bot_commitment(game_id: bytes, seat_number: int, commitment: bytes,
                   contribution: bytes) -> bytes:
    """c_i = H("arena:botcommit", -, game_id || LE32(i) || C || r_i)."""
    return _hash(b"arena:botcommit",
                 game_id + seat_number.to_bytes(4, "little") + commitment
                 + contribution)


def referee_commitment(game_id: bytes, secret: bytes) -> bytes:
    """C = H("arena:commit", -, game_id || S)."""
    return _hash(b"arena:commit", game_id + secret)


def _hex(value: Any, length: int) -> Optional[bytes]:
    """The bytes of exactly 2*length lowercase hex digits, else None."""
    if isinstance(value, str) and re.fullmatch("[0-9a-f]{%d}" % (2 * length),
                                               value):
        return bytes.fromhex(value)
    return None


def _seat_number(value: Any) -> Optional[int]:
    """A seat is an integer in [0, 2^32), as the C SDK reads it."""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if type(value) is int and 0 <= value < 2 ** 32:
        return value
    return None


def _warn(line_no: int, text: str) -> None:
    print("arena-bot: warning: line %d: %s" % (line_no, text),
          file=sys.stderr)


class _Session:
    """The state of one run: the current game's fairness exchange."""

    def __init__(self, bot: Bot, name: Optional[str],
                 version: Optional[str]) -> None:
        self.bot = bot
        self.name = name
        self.version = version
        self.line_no = 0
        self.done = False
        self._clear()

    def _clear(self) -> None:
        self.game_id: Optional[bytes] = None
        self.seat = 0
        self.commitment: Optional[bytes] = None   # the referee's C
        self.contribution: Optional[bytes] = None  # our r_i, once committed
        self.in_set = False  # start named a duplicate set

    def answer(self, line: str) -> Message:
        """The reply to one line; raises _ProtocolError."""
        try:
            msg = json.loads(line)
        except ValueError:
            msg = None
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            raise _ProtocolError('not a JSON object with a string "type"')
        handlers = {
            "hello": self._on_hello,
            "start": self._on_start,
            "commit": self._on_commit,
            "lock": self._on_lock,
            "turn": self._on_turn,
            "end": self._on_end,
            "goodbye": self._on_goodbye,
        }
        handler = handlers.get(msg["type"])
        # Unknown types get {} so that newer referees can add messages.
        return handler(msg) if handler else {}

    def _on_hello(self, msg: Message) -> Message:
        protocol = msg.get("protocol")
        if isinstance(protocol, (int, float)) and \
                protocol != PROTOCOL_VERSION:
            print("arena-bot: warning: the referee speaks protocol %s, "
                  "this SDK speaks %d" % (protocol, PROTOCOL_VERSION),
                  file=sys.stderr)
        reply = {}
        if self.name is not None:
            reply["name"] = self.name
        if self.version is not None:
            reply["version"] = self.version
        return reply

    def _on_start(self, msg: Message) -> Message:
        self._clear()
        game_id = _hex(msg.get("game_id"), GAME_ID_BYTES)
        if game_id is None:
            raise _ProtocolError('start: "game_id" is not %d lowercase '
                                 'hex digits' % (2 * GAME_ID_BYTES))
        seat_number = _seat_number(msg.get("seat"))
        if seat_number is None:
            raise _ProtocolError('start: "seat" is not a non-negative '
                                 'integer')
        self.game_id, self.seat = game_id, seat_number
        self.in_set = isinstance(msg.get("set"), dict)
        self.bot.on_start(msg)
        return {}

    def _on_commit(self, msg: Message) -> Message:
        if self.game_id is None:
            raise _ProtocolError("commit: no game started")
        commitment = _hex(msg.get("commitment"), HASH_BYTES)
        if commitment is None:
            raise _ProtocolError('commit: "commitment" is not %d '
                                 'lowercase hex digits' % (2 * HASH_BYTES))
        self.commitment = commitment
        self.contribution = secrets.token_bytes(SECRET_BYTES)
        return {"commitment": bot_commitment(self.game_id, self.seat,
                                             commitment,
                                             self.contribution).hex()}

    def _on_lock(self, msg: Message) -> Message:
        if self.contribution is None:
            return {}
        return {"reveal": self.contribution.hex()}

    def _on_turn(self, msg: Message) -> Message:
        self.bot._info = None
        reply = self._decide(msg)
        if self.bot._info:
            reply["info"] = self.bot._info
        self.bot._info = None
        return reply

    def _decide(self, msg: Message) -> Message:
        actions = legal(msg)
        if not getattr(self.bot, "safe", False) or not actions:
            return {"action": self.bot.decide(msg)}
        try:
            action = self.bot.decide(msg)
        except Exception:  # the safety net: the bug is reported, play goes on
            print("arena-bot: line %d: decide() raised; playing a random "
                  "legal action instead:" % self.line_no, file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            return {"action": random.choice(actions)}
        if action not in actions:
            print("arena-bot: line %d: decide() returned %.200r, which is "
                  "not legal; playing a random legal action instead"
                  % (self.line_no, action), file=sys.stderr)
            return {"action": random.choice(actions)}
        return {"action": action}

    def _on_end(self, msg: Message) -> Message:
        self._check_secret(msg)
        self.bot.on_end(msg)
        self._clear()
        return {}

    def _check_secret(self, msg: Message) -> None:
        """Warn if the revealed S does not give the C we were sent.  The
        first game of a duplicate set ends without S, which is revealed
        only in the logs once the set is over (PROTOCOL.md)."""
        if self.game_id is None or self.commitment is None:
            return
        if self.in_set and msg.get("secret") is None:
            return
        secret = _hex(msg.get("secret"), SECRET_BYTES)
        if secret is None:
            _warn(self.line_no, 'end: no valid "secret"; the referee\'s '
                  'randomness is unchecked')
        elif referee_commitment(self.game_id, secret) != self.commitment:
            _warn(self.line_no, "end: the referee's secret does not match "
                  "its commitment; its randomness was not fair")

    def _on_goodbye(self, msg: Message) -> Message:
        self.done = True
        return {}


class _CallableBot(Bot):
    """A bot whose decide() is a function of the turn message."""

    def __init__(self, decide: Callable[[Message], Any]) -> None:
        self._decide = decide

    def decide(self, turn: Message) -> Any:
        return self._decide(turn)


def run(bot: Any, name: Optional[str] = None, version: Optional[str] = None,
        *, stdin: Optional[TextIO] = None,
        stdout: Optional[TextIO] = None) -> int:
    """Play bot on stdin/stdout (default: the process's) until goodbye.

    bot is a Bot, or any callable taking the turn message and returning
    the action (a policy trained with arena_env, whose info["turn"] is that
    message), which then plays as a bot named after it.

    Returns 0 after a goodbye or at end of input, 1 on a protocol error (a
    line that is not a JSON object with a string "type", or a start or
    commit missing what the fairness exchange needs), after saying why on
    standard error.  Exceptions raised by the bot propagate, unless the
    bot sets safe = True (see Bot).
    """
    if stdin is None:
        stdin = sys.stdin
        if stdin.encoding.lower().replace("-", "") != "utf8":
            stdin.reconfigure(encoding="utf-8")  # whatever the locale says
    if stdout is None:
        stdout = sys.stdout
    if not isinstance(bot, Bot):
        if not callable(bot):
            raise TypeError("run() takes a Bot or a callable, not %r" % bot)
        if name is None:
            name = getattr(bot, "__name__", None)
        bot = _CallableBot(bot)
    session = _Session(bot, name, version)
    while not session.done:
        line = stdin.readline()
        if not line:
            return 0
        session.line_no += 1
        try:
            reply = session.answer(line)
        except _ProtocolError as error:
            print("arena-bot: line %d: %s" % (session.line_no, error),
                  file=sys.stderr)
            return 1
        # ASCII only (other characters escaped): right in any encoding.
        stdout.write(json.dumps(reply, separators=(",", ":"),
                                allow_nan=False) + "\n")
        stdout.flush()
    return 0

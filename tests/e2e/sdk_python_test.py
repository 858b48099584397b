#!/usr/bin/env python3
"""Unit tests of the Python bot SDK (sdk/python/arena_bot/__init__.py).

Each test plays a scripted referee transcript through run() on in-memory
streams and checks every reply line, the return value and what went to
standard error.  The fairness exchange is checked against an independent
BLAKE2b computation and against the known answer that
tests/unit/check_sdk.c checks for the C SDK, so both SDKs commit alike.
Run as a script it prints TAP, one line per test, for automake's driver.
"""

import contextlib
import hashlib
import io
import json
import os
import subprocess
import sys
import unittest
from typing import List, Optional, Tuple
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "sdk", "python"))

sys.path.insert(0, os.path.join(HERE, "..", "tools"))
import unittest_tap  # noqa: E402  (in tests/tools)
import arena_bot  # noqa: E402  (found through the path set up above)

# game_id = 00..0f, seat 1, C = 20..3f, r = 40..5f, as in check_sdk.c
KAT_GAME_ID = bytes(range(0x00, 0x10))
KAT_C = bytes(range(0x20, 0x40))
KAT_R = bytes(range(0x40, 0x60))
KAT_COMMITMENT = \
    "782ed1d156a84afa5eb9f379eb75cc0cc11f4253c8bf0cb10b9559c5ea714b08"


def h(personal: bytes, message: bytes) -> bytes:
    """H(P, -, msg), computed here independently of the SDK."""
    return hashlib.blake2b(message, digest_size=32,
                           person=personal).digest()


class LastBot(arena_bot.Bot):
    """Plays the last legal action and records the games it was told of."""

    name = "tester"
    version = "2"

    def __init__(self) -> None:
        self.starts: List[dict] = []
        self.ends: List[dict] = []

    def decide(self, turn: dict) -> object:
        return turn["legal"][-1]

    def on_start(self, start: dict) -> None:
        self.starts.append(start)

    def on_end(self, end: dict) -> None:
        self.ends.append(end)


def play(lines: List[str], bot: Optional[arena_bot.Bot] = None,
         **names: str) -> Tuple[int, List[str], str]:
    """Runs bot on the lines; returns status, reply lines and stderr."""
    bot = bot or LastBot()
    stdin, stdout, stderr = io.StringIO("".join(lines)), io.StringIO(), \
        io.StringIO()
    with contextlib.redirect_stderr(stderr):
        if names:
            status = arena_bot.run(bot, names.get("name"),
                                   names.get("version"), stdin=stdin,
                                   stdout=stdout)
        else:
            status = bot.run(stdin=stdin, stdout=stdout)
    out = stdout.getvalue()
    if out:
        assert out.endswith("\n")
    return status, out.splitlines(), stderr.getvalue()


def msg(**fields: object) -> str:
    """One referee line."""
    return json.dumps(fields) + "\n"


def start(game_id: bytes = KAT_GAME_ID, seat: object = 1) -> str:
    return msg(type="start", game="rolit", game_id=game_id.hex(), seat=seat,
               players=["a", "b"])


class TranscriptTest(unittest.TestCase):
    """Whole games, reply by reply."""

    def test_full_game(self) -> None:
        game_id, secret = bytes(range(0xa0, 0xb0)), bytes(range(0xa0, 0xc0))
        c_ref = h(b"arena:commit", game_id + secret)
        bot = LastBot()
        status, replies, errors = play([
            msg(type="hello", protocol=1, referee="arena"),
            start(game_id, 2),
            msg(type="commit", commitment=c_ref.hex()),
            msg(type="lock", commitments=[None, None, "00"]),
            msg(type="turn", seat=2, state={}, legal=["C3", {"to": [1, 2]}],
                time_left_ms=900),
            msg(type="turn", seat=2, state={}, legal=[7]),
            msg(type="news", extra=True),
            msg(type="end", result={}, secret=secret.hex()),
            msg(type="goodbye"),
            msg(type="hello"),
        ], bot)
        self.assertEqual(status, 0)
        self.assertEqual(errors, "")
        self.assertEqual(len(replies), 9)
        self.assertEqual(replies[0], '{"name":"tester","version":"2"}')
        self.assertEqual(replies[1], "{}")
        self.assertRegex(replies[2], '^{"commitment":"[0-9a-f]{64}"}$')
        self.assertRegex(replies[3], '^{"reveal":"[0-9a-f]{64}"}$')
        self.assertEqual(replies[4:], ['{"action":{"to":[1,2]}}',
                                       '{"action":7}', "{}", "{}", "{}"])
        reveal = bytes.fromhex(json.loads(replies[3])["reveal"])
        self.assertEqual(json.loads(replies[2])["commitment"],
                         h(b"arena:botcommit",
                           game_id + b"\2\0\0\0" + c_ref + reveal).hex())
        self.assertEqual([s["seat"] for s in bot.starts], [2])
        self.assertEqual([e["secret"] for e in bot.ends], [secret.hex()])

    def test_known_answer(self) -> None:
        with mock.patch.object(arena_bot.secrets, "token_bytes",
                               return_value=KAT_R):
            status, replies, errors = play([
                start(),
                msg(type="commit", commitment=KAT_C.hex()),
                msg(type="lock", commitments=[None, ""]),
                msg(type="end", secret=KAT_R.hex()),
            ])
        self.assertEqual(status, 0)
        self.assertEqual(replies, [
            "{}",
            '{"commitment":"%s"}' % KAT_COMMITMENT,
            '{"reveal":"%s"}' % KAT_R.hex(),
            "{}",
        ])
        # C was not made from that secret: the SDK must say so.
        self.assertIn("line 4: end: the referee's secret does not match "
                      "its commitment", errors)

    def test_commitment_function(self) -> None:
        self.assertEqual(arena_bot.bot_commitment(KAT_GAME_ID, 1, KAT_C,
                                                  KAT_R).hex(),
                         KAT_COMMITMENT)

    def test_lock_without_commit(self) -> None:
        status, replies, errors = play([
            start(seat=0), msg(type="lock", commitments=[None]),
            msg(type="end")])
        self.assertEqual((status, replies, errors), (0, ["{}"] * 3, ""))

    def test_end_without_secret_warns(self) -> None:
        status, _, errors = play([
            start(), msg(type="commit", commitment=KAT_C.hex()),
            msg(type="end", secret="XY")])
        self.assertEqual(status, 0)
        self.assertIn('line 3: end: no valid "secret"', errors)

    def test_games_of_a_set(self) -> None:
        # The first game of a duplicate set ends without the secret, a
        # later game has no commit or lock: neither is worth a warning.
        def in_set(game: int, seat: int) -> str:
            return msg(type="start", game_id=KAT_GAME_ID.hex(), seat=seat,
                       set={"id": KAT_GAME_ID.hex(), "game": game, "of": 2})
        status, replies, errors = play([
            in_set(0, 0), msg(type="commit", commitment=KAT_C.hex()),
            msg(type="end"), in_set(1, 1), msg(type="end")])
        self.assertEqual((status, errors), (0, ""))
        self.assertEqual(len(replies), 5)

    def test_hello_without_name(self) -> None:
        status, replies, _ = play([msg(type="hello", protocol=1)],
                                  name=None)
        self.assertEqual((status, replies), (0, ["{}"]))

    def test_replies_are_ascii(self) -> None:
        _, replies, _ = play([msg(type="hello")], name="bot-\u00e9",
                             version="1")
        self.assertEqual(replies, ['{"name":"bot-\\u00e9","version":"1"}'])

    def test_eof_without_goodbye(self) -> None:
        status, replies, errors = play(['{"type":"turn","legal":["x"]}'])
        self.assertEqual((status, replies, errors),
                         (0, ['{"action":"x"}'], ""))

    def test_long_line(self) -> None:
        status, replies, _ = play([msg(type="turn", legal=[1],
                                       state="a" * (1 << 20))])
        self.assertEqual((status, replies), (0, ['{"action":1}']))


class MalformedTest(unittest.TestCase):
    """Each input ends in a protocol error: status 1 and a message."""

    CASES = [
        (["not json\n"], 0, "line 1: not a JSON object"),
        (["\n"], 0, "not a JSON object"),
        (["[1]\n"], 0, "not a JSON object"),
        (['{"type":1}\n'], 0, "not a JSON object"),
        (["{}\n"], 0, "not a JSON object"),
        (['{"type":"end"} {}\n'], 0, "not a JSON object"),
        (['{"type":"end"}\0x\n'], 0, "not a JSON object"),
        ([msg(type="start", seat=0, game_id=KAT_GAME_ID.hex().upper())], 0,
         '"game_id"'),
        ([msg(type="start", seat=0, game_id="00")], 0, '"game_id"'),
        ([start(seat=-1)], 0, '"seat"'),
        ([start(seat=1.5)], 0, '"seat"'),
        ([start(seat=True)], 0, '"seat"'),
        ([msg(type="start", game_id=KAT_GAME_ID.hex())], 0, '"seat"'),
        ([msg(type="commit", commitment=KAT_C.hex())], 0, "no game started"),
        ([start(), msg(type="commit", commitment="abc")], 1,
         'line 2: commit: "commitment"'),
    ]

    def test_malformed(self) -> None:
        for lines, good, message in self.CASES:
            with self.subTest(lines=lines):
                status, replies, errors = play(lines)
                self.assertEqual(status, 1)
                self.assertEqual(replies, ["{}"] * good)
                self.assertIn(message, errors)


class HelperTest(unittest.TestCase):
    """legal(), seat() and state(), and the default decide()."""

    def test_helpers(self) -> None:
        turn = {"seat": 3, "state": {"n": 1}, "legal": ["a", "b"]}
        self.assertEqual(arena_bot.legal(turn), ["a", "b"])
        self.assertEqual(arena_bot.seat(turn), 3)
        self.assertEqual(arena_bot.state(turn), {"n": 1})
        bare = {"legal": {}, "seat": "0"}
        self.assertIsNone(arena_bot.legal(bare))
        self.assertEqual(arena_bot.seat(bare), -1)
        self.assertIsNone(arena_bot.state(bare))

    def test_decide_must_be_overridden(self) -> None:
        with self.assertRaises(NotImplementedError):
            play([msg(type="turn", legal=[1])], arena_bot.Bot())


class FaultyBot(arena_bot.Bot):
    """Raises on its first turn and answers nonsense on its second."""

    def __init__(self, safe: bool) -> None:
        self.safe = safe
        self.turns = 0

    def decide(self, turn: dict) -> object:
        self.turns += 1
        if self.turns == 1:
            raise ZeroDivisionError("a bug in the bot")
        return "Z9" if self.turns == 2 else turn["legal"][0]


class SafetyNetTest(unittest.TestCase):
    """Bot.safe: a bug in decide() costs a move, never the game."""

    TURNS = [msg(type="turn", seat=0, legal=["C3", "F3"])] * 3

    def test_off_by_default(self) -> None:
        self.assertFalse(arena_bot.Bot.safe)
        with self.assertRaises(ZeroDivisionError):
            play(self.TURNS, FaultyBot(False))

    def test_exception_and_illegal_action(self) -> None:
        status, replies, errors = play(self.TURNS, FaultyBot(True))
        self.assertEqual(status, 0)
        actions = [json.loads(r)["action"] for r in replies]
        self.assertIn(actions[0], ["C3", "F3"])
        self.assertIn(actions[1], ["C3", "F3"])
        self.assertEqual(actions[2], "C3")
        self.assertIn("arena-bot: line 1: decide() raised; playing a random "
                      "legal action instead:", errors)
        self.assertIn("ZeroDivisionError: a bug in the bot", errors)
        self.assertIn("arena-bot: line 2: decide() returned 'Z9', which is "
                      "not legal; playing a random legal action instead",
                      errors)

    def test_without_legal_actions_the_error_stands(self) -> None:
        with self.assertRaises(ZeroDivisionError):
            play([msg(type="turn", seat=0, state={})], FaultyBot(True))


class TalkingBot(arena_bot.Bot):
    """Says why on its first and third turns, twice on the third."""

    def __init__(self) -> None:
        self.turns = 0

    def decide(self, turn: dict) -> object:
        self.turns += 1
        if self.turns == 1:
            self.info("opening: take the corner")
        elif self.turns == 3:
            self.info("first thought")
            self.info("second thought \u00e9\n")
        return turn["legal"][0]


class InfoTest(unittest.TestCase):
    """Bot.info(): the bot's words go with its action, that turn only."""

    def test_info_goes_with_the_action(self) -> None:
        status, replies, errors = play(
            [msg(type="turn", seat=0, legal=["C3", "F3"])] * 3, TalkingBot())
        self.assertEqual(status, 0)
        self.assertEqual(errors, "")
        self.assertEqual(replies, [
            '{"action":"C3","info":"opening: take the corner"}',
            '{"action":"C3"}',
            '{"action":"C3","info":"second thought \\u00e9\\n"}'])


class RandomBotTest(unittest.TestCase):
    """bots/random_bot.py as the referee runs it: a separate process."""

    def test_plays_a_game(self) -> None:
        legal = ["C3", "F3", {"to": [1, 2]}]
        lines = [msg(type="hello", protocol=1), start(),
                 msg(type="commit", commitment=KAT_C.hex()),
                 msg(type="lock", commitments=[None, ""])]
        lines += [msg(type="turn", seat=1, legal=legal)] * 20
        lines += [msg(type="goodbye")]
        proc = subprocess.run(
            [sys.executable, os.path.join(HERE, "..", "..", "bots",
                                          "random_bot.py")],
            input="".join(lines), capture_output=True, text=True,
            timeout=30, check=False)
        self.assertEqual(proc.returncode, 0, proc.stderr)
        replies = [json.loads(line) for line in proc.stdout.splitlines()]
        self.assertEqual(len(replies), len(lines))
        self.assertEqual(replies[0], {"name": "random-py", "version": "1"})
        reveal = bytes.fromhex(replies[3]["reveal"])
        self.assertEqual(replies[2]["commitment"],
                         h(b"arena:botcommit",
                           KAT_GAME_ID + b"\1\0\0\0" + KAT_C + reveal).hex())
        actions = [r["action"] for r in replies[4:-1]]
        self.assertTrue(all(a in legal for a in actions))
        self.assertGreater(len({json.dumps(a) for a in actions}), 1)


if __name__ == "__main__":
    sys.exit(unittest_tap.run(sys.modules[__name__]))

#!/usr/bin/env python3
# remember: a bot that carries what it sees of a duplicate set's draws from
# one game of the set to the others, to know a draw before its own game
# deals it (docs/FAIRNESS.md, "Sets in step").  In every game of a set it
# writes each draw its `turn`s show (a roll, a card) under the set's id,
# its game in the set and the draw's address (seat, turn and roll, as the
# view lets it count them; in Black-Pot the roll's number) into every
# channel of remember_channels.py: above all the page cache of large files
# under /usr, which every sandbox shares.  At each decision it reads there
# what its twins, the processes of the set's other games, wrote of the draws
# its own game may show next (and of those it showed already).  When its
# game shows a draw, it counts whether it had learned it before.  At the end
# of each game of a set it says on stderr:
#   remember: learned L draws from twins, E of them before my own game showed them (...)
#   remember: channels: NAME: STATUS, N draws; ...
# L counts the addresses whose value it read from a twin, E those read
# before its own game showed them and with the value the game then showed
# (the others, and values read that the game showed otherwise, are in the
# parentheses).  With sets played one game after another, a twin of an
# earlier game has written every draw of its game before the next game
# starts: E is then most of what a game shows.  With sets in step, nothing
# is dealt to a game before every other game of the set has asked for it,
# so no twin can have written a draw before the game deals it: E is 0.
#
# Its moves are a function of what it sees (a hash of the view, not a random
# choice), so that against itself the games of a set are the same game and
# every draw of one is a draw of the other.  The addresses are counted so
# that two games give one only to one draw: seat draws by the seat's turns
# and rolls (a turn whose first roll loses it shows nothing, in every game of
# the set alike), and in volle-lotte, where a Stop card hides a turn as the
# deck happens to lie, also by a hash of all the seat saw and did before
# (two games that reach an address by different histories name it
# differently).
import hashlib
import itertools
import json
import os
import sys
import time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import remember_channels as channels  # noqa: E402
import zoo  # noqa: E402

BUDGET = 0.15          # seconds of reading at most a decision
RETRIES = 3            # decisions that look for a draw already shown
CARDS = ["stop", "fireworks", "bonus-200", "bonus-300", "bonus-400", "bonus-500",
         "bonus-600", "double", "plus-minus", "straight", "clover"]


def sha(*parts):
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()


def multiset(faces):
    """The rank of the sorted faces among the sorted rolls of as many dice."""
    rolls = list(itertools.combinations_with_replacement(range(1, 7), len(faces)))
    return rolls.index(tuple(sorted(faces)))


def choose(msg):
    legal = msg["legal"]
    return legal[int(sha(msg["state"], legal), 16) % len(legal)]


class Tracker:
    """What a game's views show of its draws: see() names the draws a view
    shows, by address, with their values; ahead() the addresses the next
    views may show, after this action; others() addresses of the other
    seats' draws, for a twin to be heard of even when this seat never
    sees them."""

    def chose(self, shown, action):
        pass

    def heard(self, label):
        pass

    def is_card(self, label):
        return False

    def others(self):
        return []


class BlackPot(Tracker):
    """Every roll is a table draw that every seat sees: its number."""

    def __init__(self, start):
        self.rolls = 0

    def see(self, state, action):
        self.rolls = state["rolls"]
        a, b, c = state["roll"]
        return [("r%d" % self.rolls, (a - 1) * 36 + (b - 1) * 6 + c - 1)]

    def ahead(self, action):
        return ["r%d" % (self.rolls + i) for i in (1, 2, 3)]


class Dice(Tracker):
    """Bolo and bolo5: a seat draw is each roll of the seat's turns."""

    def __init__(self, start):
        self.seat = start["seat"]
        self.most = 7 if start["game"] == "bolo" else 5
        self.t, self.j = -1, 0
        # The next first roll of each other seat to hear of.
        self.first = {s: 0 for s in range(len(start["players"])) if s != self.seat}

    def label(self, seat, t, j, n):
        return "s%d t%d j%d n%d" % (seat, t, j, n)

    def see(self, state, action):
        roll = state["roll"]
        if not roll:
            return []
        if state["turn_total"] == 0 and not state["set_aside"]:
            self.t, self.j = self.t + 1, 0
        else:
            self.j += 1
        return [(self.label(self.seat, self.t, self.j, len(roll)), multiset(roll))]

    def ahead(self, action):
        rolls = [self.label(self.seat, self.t, self.j + 1, n) for n in range(1, self.most + 1)]
        return rolls + [self.label(self.seat, self.t + 1, 0, self.most)]

    def others(self):
        return [self.label(s, t, 0, self.most) for s, t in self.first.items()]

    def heard(self, label):
        seat, t = (int(w[1:]) for w in label.split()[:2])
        if self.first.get(seat) == t and label.endswith(" j0 n%d" % self.most):
            self.first[seat] = t + 1


class Volle(Tracker):
    """Volle-lotte: a seat's cards and rolls, in the order of its turn."""

    def __init__(self, start):
        self.seat = start["seat"]
        self.others_seats = [s for s in range(len(start["players"])) if s != self.seat]
        self.t, self.j, self.rolled = -1, 0, 0
        self.history = self.before = sha("volle-lotte")

    def label(self, seat, t, j, rolled, what, n, history):
        return "s%d t%d j%d/%d %s%d %s" % (seat, t, j, rolled, what, n, history[:16])

    def see(self, state, action):
        roll, shown = state["roll"], []
        self.before = self.history
        if roll and state["turn_total"] == 0 and not state["set_aside"]:
            self.t, self.j, self.rolled = self.t + 1, 0, 0
            shown.append(self.card(state))
        elif roll:
            self.j += 1
            if action == "draw":
                shown.append(self.card(state))
                self.j += 1
            self.rolled += 1
        if roll:
            shown.append((self.label(self.seat, self.t, self.j, self.rolled, "r", len(roll),
                                     self.before), multiset(roll)))
        return shown

    def card(self, state):
        card = (self.label(self.seat, self.t, self.j, self.rolled, "c", 0, self.before),
                CARDS.index(state["card"]))
        self.j += 1
        return card

    def is_card(self, label):
        return label.split()[3] == "c0"

    def chose(self, shown, action):
        """What it saw and did, in the names of the next addresses."""
        self.history = sha(self.before, shown, action)

    def ahead(self, action):
        h, t, j, r = self.history, self.t, self.j, self.rolled
        if action == "draw":
            nexts = [self.label(self.seat, t, j + 1, r, "c", 0, h),
                     self.label(self.seat, t, j + 2, r + 1, "r", 6, h)]
        else:
            nexts = [self.label(self.seat, t, j + 1, r + 1, "r", n, h) for n in range(1, 7)]
        return nexts + [self.label(self.seat, t + 1, 0, 0, "c", 0, h),
                        self.label(self.seat, t + 1, 1, 0, "r", 6, h)]

    def others(self):
        first = sha("volle-lotte")
        return [self.label(s, 0, 0, 0, "c", 0, first) for s in self.others_seats]


TRACKERS = {"black-pot": BlackPot, "bolo": Dice, "bolo5": Dice, "volle-lotte": Volle}


class Game:
    """One game of a set, as this process sees it."""

    def __init__(self, start, stores):
        self.set = start["set"]["id"]
        self.k, self.n = start["set"]["game"], start["set"]["of"]
        self.name, self.seat = start["game"], start["seat"]
        self.tracker = TRACKERS[self.name](start)
        self.stores = stores
        self.shown = {}      # label: the value the game showed
        self.learned = {}    # label: the value a twin wrote
        self.early = []      # learned before shown, the same value
        self.other = 0       # learned before shown, another value
        self.wrong = 0       # learned after shown, another value
        self.unheard = {}    # label shown, not learned: decisions left to look
        self.action = None
        for store in stores:
            store.found = 0
        self.listen(self.tracker.ahead(None))

    def key(self, k, label):
        return ("%s|%d|%s" % (self.set, k, label)).encode()

    def turn(self, msg):
        shown = self.tracker.see(msg["state"], self.action)
        for label, value in shown:
            if label in self.shown:
                continue
            self.shown[label] = value
            if label in self.learned:
                if self.learned[label] == value:
                    self.early.append(label)
                else:
                    self.other += 1
            else:
                self.unheard[label] = RETRIES
            for store in self.stores:
                store.put(self.key(self.k, label), value)
        self.action = choose(msg)
        self.tracker.chose(shown, self.action)
        self.listen(self.tracker.ahead(self.action) + self.tracker.others() + list(self.unheard))
        return {"action": self.action}

    def listen(self, labels):
        """Reads from the twins' games what they wrote of labels."""
        deadline = time.monotonic() + BUDGET
        for label in labels:
            if label in self.learned or time.monotonic() > deadline:
                continue
            value = self.hear(label)
            if label in self.unheard:
                self.unheard[label] -= 1
                if value is not None or not self.unheard[label]:
                    del self.unheard[label]
            if value is None:
                continue
            self.learned[label] = value
            if label in self.shown and self.shown[label] != value:
                self.wrong += 1
            self.tracker.heard(label)

    def hear(self, label):
        """What a twin wrote of label.  Every channel is asked (and counts
        what it gave) but the page cache's two readers, which take turns to
        go first: the second is asked when the first found nothing."""
        found = None
        first, second = self.stores[:2] if int(sha(label), 16) % 2 else self.stores[1::-1]
        for k in range(self.n):
            if k == self.k:
                continue
            key = self.key(k, label)
            values = [store.get(key) for store in self.stores[2:]]
            value = first.get(key)
            values.append(second.get(key) if value is None else value)
            found = next((v for v in [found] + values if v is not None), None)
        return found

    def report(self):
        cards = sum(map(self.tracker.is_card, self.shown))
        early_cards = sum(map(self.tracker.is_card, self.early))
        zoo.say("remember: learned %d draws from twins, %d of them before my own game showed "
                "them (%s, set %s game %d of %d, seat %d; shown: %d draws, %d of them cards; "
                "learned early: %d rolls, %d cards; learned with another value: %d before "
                "shown, %d after)"
                % (len(self.learned), len(self.early), self.name, self.set[:8], self.k + 1,
                   self.n, self.seat, len(self.shown), cards, len(self.early) - early_cards,
                   early_cards, self.other, self.wrong))
        zoo.say("remember: channels: %s" % "; ".join(
            "%s: %s, %d draws" % (s.name, s.status, s.found) for s in self.stores) +
            "; file access times: %s; /proc: %s" % (PROBES["atime"], PROBES["proc"]))
        for store in self.stores:
            if hasattr(store, "forget"):
                store.forget()


STORES = []
PROBES = {}
game = None


def hook(msg, counts):
    global game
    kind = msg["type"]
    if kind == "hello":
        STORES.extend(channels.stores())
        PROBES["atime"] = channels.atime_probe(channels.big_files())
        PROBES["proc"] = channels.proc_probe()
    elif kind == "start":
        playable = "set" in msg and msg["game"] in TRACKERS
        game = Game(msg, STORES) if playable else None
    elif kind == "turn" and game:
        return game.turn(msg)
    elif kind == "turn":
        return {"action": choose(msg)}
    elif kind == "end" and game:
        game.report()
        game = None
    return zoo.DEFAULT


sys.exit(zoo.run("remember", hook))

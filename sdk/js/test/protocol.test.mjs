// run() on scripted referee transcripts: every reply line, the status and
// what went to the error stream, as tests/e2e/sdk_python_test.py checks the
// Python SDK.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Readable, Writable } from "node:stream";
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Bot, run, legal, seat, state, blake2b, blackPotLegalMoves, blackPotKind, parseSquare } from "../arena_bot.mjs";

const bytes = (from, to) => Buffer.from(Array.from({ length: to - from }, (_, i) => from + i));
const KAT_GAME_ID = bytes(0x00, 0x10);
const KAT_C = bytes(0x20, 0x40);
const KAT_R = bytes(0x40, 0x60);
const KAT_COMMITMENT = "782ed1d156a84afa5eb9f379eb75cc0cc11f4253c8bf0cb10b9559c5ea714b08";
const h = (personal, message) => blake2b(message, { outlen: 32, personal }).toString("hex");

class LastBot extends Bot {
  name = "tester";
  version = "2";
  starts = [];
  ends = [];
  decide(turn) { return turn.legal.at(-1); }
  onStart(start) { this.starts.push(start); }
  onEnd(end) { this.ends.push(end); }
}

class Sink extends Writable {
  text = "";
  _write(chunk, _encoding, done) { this.text += chunk; done(); }
}

const msg = (fields) => JSON.stringify(fields) + "\n";
const start = (gameId = KAT_GAME_ID, seatNumber = 1) =>
  msg({ type: "start", game: "rolit", game_id: gameId.toString("hex"), seat: seatNumber, players: ["a", "b"] });

/** Runs bot on the lines: {status, replies, errors}. */
async function play(lines, bot = new LastBot(), options = {}) {
  const output = new Sink();
  const error = new Sink();
  const status = await run(bot, { input: Readable.from([lines.join("")]), output, error, ...options });
  if (output.text) assert.ok(output.text.endsWith("\n"));
  return { status, replies: output.text.split("\n").slice(0, -1), errors: error.text };
}

test("a whole game, reply by reply", async () => {
  const gameId = bytes(0xa0, 0xb0);
  const secret = bytes(0xa0, 0xc0);
  const cRef = Buffer.from(h("arena:commit", Buffer.concat([gameId, secret])), "hex");
  const bot = new LastBot();
  const { status, replies, errors } = await play([
    msg({ type: "hello", protocol: 1, referee: "arena" }),
    start(gameId, 2),
    msg({ type: "commit", commitment: cRef.toString("hex") }),
    msg({ type: "lock", commitments: [null, null, "00"] }),
    msg({ type: "turn", seat: 2, state: {}, legal: ["C3", { to: [1, 2] }], time_left_ms: 900 }),
    msg({ type: "turn", seat: 2, state: {}, legal: [7] }),
    msg({ type: "news", extra: true }),
    msg({ type: "end", result: {}, secret: secret.toString("hex") }),
    msg({ type: "goodbye" }),
    msg({ type: "hello" }),
  ], bot);
  assert.equal(status, 0);
  assert.equal(errors, "");
  assert.equal(replies.length, 9);
  assert.equal(replies[0], '{"name":"tester","version":"2"}');
  assert.equal(replies[1], "{}");
  assert.match(replies[2], /^\{"commitment":"[0-9a-f]{64}"\}$/);
  assert.match(replies[3], /^\{"reveal":"[0-9a-f]{64}"\}$/);
  assert.deepEqual(replies.slice(4), ['{"action":{"to":[1,2]}}', '{"action":7}', "{}", "{}", "{}"]);
  const reveal = Buffer.from(JSON.parse(replies[3]).reveal, "hex");
  assert.equal(JSON.parse(replies[2]).commitment,
    h("arena:botcommit", Buffer.concat([gameId, Buffer.from([2, 0, 0, 0]), cRef, reveal])));
  assert.deepEqual(bot.starts.map((s) => s.seat), [2]);
  assert.deepEqual(bot.ends.map((e) => e.secret), [secret.toString("hex")]);
});

test("the known-answer transcript, with r fixed", async () => {
  const { status, replies, errors } = await play([
    start(),
    msg({ type: "commit", commitment: KAT_C.toString("hex") }),
    msg({ type: "lock", commitments: [null, ""] }),
    msg({ type: "end", secret: KAT_R.toString("hex") }),
  ], new LastBot(), { random: () => KAT_R });
  assert.equal(status, 0);
  assert.deepEqual(replies, [
    "{}",
    `{"commitment":"${KAT_COMMITMENT}"}`,
    `{"reveal":"${KAT_R.toString("hex")}"}`,
    "{}",
  ]);
  // C was not made from that secret: the SDK must say so.
  assert.ok(errors.includes("line 4: end: the referee's secret does not match its commitment"), errors);
});

test("lock without commit, end without secret", async () => {
  assert.deepEqual(await play([start(KAT_GAME_ID, 0), msg({ type: "lock", commitments: [null] }), msg({ type: "end" })]),
    { status: 0, replies: ["{}", "{}", "{}"], errors: "" });
  const { status, errors } = await play([start(), msg({ type: "commit", commitment: KAT_C.toString("hex") }),
    msg({ type: "end", secret: "XY" })]);
  assert.equal(status, 0);
  assert.ok(errors.includes('line 3: end: no valid "secret"'), errors);
});

test("games of a set: no secret after the first, no commit in a later one", async () => {
  const inSet = (game, seatNumber) => msg({ type: "start", game_id: KAT_GAME_ID.toString("hex"),
    seat: seatNumber, set: { id: KAT_GAME_ID.toString("hex"), game, of: 2 } });
  const { status, replies, errors } = await play([inSet(0, 0),
    msg({ type: "commit", commitment: KAT_C.toString("hex") }), msg({ type: "end" }),
    inSet(1, 1), msg({ type: "end" })]);
  assert.equal(status, 0);
  assert.equal(replies.length, 5);
  assert.equal(errors, "");
});

test("hello: no name, another protocol, ASCII-only replies", async () => {
  assert.deepEqual((await play([msg({ type: "hello", protocol: 1 })], new LastBot(), { name: null, version: null })).replies, ["{}"]);
  const other = await play([msg({ type: "hello", protocol: 2 })]);
  assert.ok(other.errors.includes("the referee speaks protocol 2"));
  const { replies } = await play([msg({ type: "hello" })], new LastBot(), { name: "bot-\u00e9\u{1f600}", version: "1" });
  assert.deepEqual(replies, ['{"name":"bot-\\u00e9\\ud83d\\ude00","version":"1"}']);
});

test("end of input without goodbye; a long line; an async decide", async () => {
  assert.deepEqual(await play(['{"type":"turn","legal":["x"]}']), { status: 0, replies: ['{"action":"x"}'], errors: "" });
  const long = await play([msg({ type: "turn", legal: [1], state: "a".repeat(1 << 20) })]);
  assert.deepEqual([long.status, long.replies], [0, ['{"action":1}']]);
  class Slow extends Bot {
    async decide(turn) { await new Promise((r) => setTimeout(r, 5)); return turn.legal[0]; }
  }
  assert.deepEqual((await play([msg({ type: "turn", legal: ["a", "b"] })], new Slow())).replies, ['{"action":"a"}']);
});

test("malformed input ends the run with status 1 and a message", async () => {
  const cases = [
    [["not json\n"], 0, "line 1: not a JSON object"],
    [["\n"], 0, "not a JSON object"],
    [["[1]\n"], 0, "not a JSON object"],
    [['{"type":1}\n'], 0, "not a JSON object"],
    [["{}\n"], 0, "not a JSON object"],
    [["null\n"], 0, "not a JSON object"],
    [['{"type":"end"} {}\n'], 0, "not a JSON object"],
    [['{"type":"end"}\0x\n'], 0, "not a JSON object"],
    [[msg({ type: "start", seat: 0, game_id: KAT_GAME_ID.toString("hex").toUpperCase() })], 0, '"game_id"'],
    [[msg({ type: "start", seat: 0, game_id: "00" })], 0, '"game_id"'],
    [[start(KAT_GAME_ID, -1)], 0, '"seat"'],
    [[start(KAT_GAME_ID, 1.5)], 0, '"seat"'],
    [[start(KAT_GAME_ID, true)], 0, '"seat"'],
    [[msg({ type: "start", game_id: KAT_GAME_ID.toString("hex") })], 0, '"seat"'],
    [[msg({ type: "commit", commitment: KAT_C.toString("hex") })], 0, "no game started"],
    [[start(), msg({ type: "commit", commitment: "abc" })], 1, 'line 2: commit: "commitment"'],
    [[msg({ type: "turn", legal: [] })], 0, "decide() returned no action"],
  ];
  for (const [lines, good, message] of cases) {
    const { status, replies, errors } = await play(lines);
    assert.equal(status, 1, JSON.stringify(lines));
    assert.deepEqual(replies, Array(good).fill("{}"), JSON.stringify(lines));
    assert.ok(errors.includes(message), `${JSON.stringify(lines)}: ${errors}`);
  }
});

test("legal(), seat(), state() and the default decide()", async () => {
  const turn = { seat: 3, state: { n: 1 }, legal: ["a", "b"] };
  assert.deepEqual(legal(turn), ["a", "b"]);
  assert.equal(seat(turn), 3);
  assert.deepEqual(state(turn), { n: 1 });
  const bare = { legal: {}, seat: "0" };
  assert.equal(legal(bare), null);
  assert.equal(seat(bare), -1);
  assert.equal(state(bare), null);
  await assert.rejects(play([msg({ type: "turn", legal: [1] })], new Bot()), /must override decide/);
});

// Every example bot, as the referee runs it: a process answering a game.
const examples = fileURLToPath(new URL("../../../bots/examples/", import.meta.url));
const VIEWS = {
  bolo: { players: 2, you: 0, to_move: 0, scores: [0, 0], forfeited: [], turn_total: 0, dice_left: 7, set_aside: [],
    roll: [1, 1, 2, 3, 4, 5, 6], keeps: [], target: 10000, opened: [false, false], phase: "play", leader: -1,
    final_round: [], contenders: [], sudden_death_turns: 0 },
  rolit: { size: 8, board: ["........", "........", "........", "...RY...", "...BG...", "........", "........", "........"],
    colours: ["red", "green"], you: "green", to_move: 1, counts: { red: 1, yellow: 1, green: 1, blue: 1 }, forfeited: [] },
};
VIEWS.bolo5 = { ...VIEWS.bolo, roll: [1, 1, 1, 2, 2], dice_left: 5, on_board: [false, false], thresholds: [650, 650],
  must_roll: false, yahtzee_clause: false, triples: [], rerolled: false, winner: -1 };
VIEWS["volle-lotte"] = { ...VIEWS.bolo, roll: [1, 1, 2, 3, 4, 5], dice_left: 6, card: "bonus-300", card_points: 0,
  volle_lottes: 0, after_volle_lotte: false, cards_left: 54, deck: {}, phase: "play", extra_turns: [], clover_winner: -1 };
const LEGAL = {
  bolo: [{ keep: [1] }, { keep: [5] }, { keep: [1, 1] }, { keep: [1, 2, 3, 4, 5, 6] }, { keep: [1, 1, 2, 3, 4, 5, 6] }],
  bolo5: [{ keep: [1] }, { keep: [1, 1] }, { keep: [1, 1, 1] }, { keep: [1, 1, 1, 2, 2] }],
  "volle-lotte": [{ keep: [1] }, { keep: [5] }, { keep: [1, 1, 5] }],
  rolit: ["C3", "E3", "C5"],
};
const EXPECTED = {
  bolo: { keep: [1, 1, 2, 3, 4, 5, 6] }, bolo5: { keep: [1, 1, 1] }, "volle-lotte": { keep: [1, 1, 5] }, rolit: "C3",
};
for (const [game, file] of [["bolo", "bolo"], ["bolo5", "bolo5"], ["volle-lotte", "volle_lotte"], ["rolit", "rolit"]]) {
  test(`bots/examples/${file}.mjs plays a turn of ${game}`, () => {
    const input = [
      msg({ type: "hello", protocol: 1 }), start(KAT_GAME_ID, 1).replace('"rolit"', `"${game}"`),
      msg({ type: "commit", commitment: KAT_C.toString("hex") }), msg({ type: "lock", commitments: [null, ""] }),
      msg({ type: "turn", seat: 1, state: VIEWS[game], legal: LEGAL[game], time_left_ms: 1000 }),
      msg({ type: "end", result: {}, forfeits: [] }), msg({ type: "goodbye" }),
    ].join("");
    const proc = spawnSync(process.execPath, [examples + file + ".mjs"], { input, encoding: "utf8", timeout: 30000 });
    assert.equal(proc.status, 0, proc.stderr);
    const replies = proc.stdout.trim().split("\n").map((line) => JSON.parse(line));
    assert.equal(replies.length, 7);
    assert.deepEqual(replies[4], { action: EXPECTED[game] });
    assert.deepEqual(replies.slice(5), [{}, {}]);
  });
}

test("bots/examples/black_pot.mjs plays a turn of black-pot", () => {
  const numbers = Array.from({ length: 11 }, (_, r) =>
    Array.from({ length: 11 }, (_, c) => (r * 11 + c < 25 ? r * 11 + c + 1 : 0)));
  const view = { numbers, board: numbers.map((row) => row.map((n) => (n ? "." : " ")).join("")),
    sides: ["ivory", "brown"], you: 1, to_move: 1, roll: [6, 4, 2], rolls: 1, max_rolls: 200,
    pawns: [40, 40], points: [0, 0], lines: [], forfeited: [] };
  const moves = blackPotLegalMoves(view);
  const input = [
    msg({ type: "hello", protocol: 1 }), start(KAT_GAME_ID, 1).replace('"rolit"', '"black-pot"'),
    msg({ type: "turn", seat: 1, state: view, legal: moves, time_left_ms: 1000 }), msg({ type: "goodbye" }),
  ].join("");
  const proc = spawnSync(process.execPath, [examples + "black_pot.mjs"], { input, encoding: "utf8", timeout: 30000 });
  assert.equal(proc.status, 0, proc.stderr);
  const { action } = JSON.parse(proc.stdout.trim().split("\n")[2]);
  assert.ok(moves.some((m) => JSON.stringify(m) === JSON.stringify(action)), JSON.stringify(action));
  // It prefers black-pot cells: every pawn it places is on one.
  assert.ok(action.cells.length > 0);
  for (const cell of action.cells) {
    const [r, c] = parseSquare(cell);
    assert.equal(blackPotKind(numbers[r][c]), "black-pot", cell);
  }
});

class FaultyBot extends Bot {
  turns = 0;
  constructor(safe) { super(); this.safe = safe; }
  decide(turn) {
    this.turns++;
    if (this.turns === 1) throw new RangeError("a bug in the bot");
    if (this.turns === 2) return { to: "Z9" };
    return { to: turn.legal[0].to, from: turn.legal[0].from };  // keys in another order
  }
}

const faultyTurns = Array(3).fill(msg({ type: "turn", seat: 0, legal: [{ from: "A1", to: "C3" }, "pass"] }));

test("the safety net is off by default: an exception rejects run()", async () => {
  assert.equal(new Bot().safe, false);
  await assert.rejects(play(faultyTurns, new FaultyBot(false)), /a bug in the bot/);
});

test("safe = true: an exception or an illegal action costs a move, not the game", async () => {
  const { status, replies: lines, errors } = await play(faultyTurns, new FaultyBot(true));
  assert.equal(status, 0);
  const replies = lines.map((line) => JSON.parse(line));
  const legalOnes = [JSON.stringify({ from: "A1", to: "C3" }), JSON.stringify("pass")];
  assert.ok(legalOnes.includes(JSON.stringify(replies[0].action)));
  assert.ok(legalOnes.includes(JSON.stringify(replies[1].action)));
  assert.deepEqual(replies[2].action, { to: "C3", from: "A1" });
  assert.match(errors, /^arena-bot: line 1: decide\(\) threw; playing a random legal action instead:\nRangeError: a bug in the bot\n/);
  assert.match(errors, /arena-bot: line 2: decide\(\) returned \{"to":"Z9"\}, which is not legal; playing a random legal action instead\n/);
});

class TalkingBot extends Bot {
  turns = 0;
  decide(turn) {
    this.turns++;
    if (this.turns === 1) this.info("opening: take the corner");
    if (this.turns === 3) { this.info("first thought"); this.info("second thought \u00e9\n"); }
    return turn.legal[0];
  }
}

test("info(): the bot's words go with its action, that turn only", async () => {
  const turns = Array(3).fill(msg({ type: "turn", seat: 0, legal: ["C3", "F3"] }));
  const { status, replies, errors } = await play(turns, new TalkingBot());
  assert.equal(status, 0);
  assert.equal(errors, "");
  assert.deepEqual(replies, [
    '{"action":"C3","info":"opening: take the corner"}',
    '{"action":"C3"}',
    '{"action":"C3","info":"second thought \\u00e9\\n"}',
  ]);
});

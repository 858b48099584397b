/**
 * The JavaScript bot SDK for the arena referee: one ES module for Node 18+,
 * no dependencies.
 *
 * A bot extends Bot, overrides decide() (and onStart()/onEnd() if it
 * cares), and calls run().  The SDK speaks the whole bot protocol
 * (docs/PROTOCOL.md) on standard input and output: it answers hello with
 * the bot's name, takes part in the fairness exchange of every game
 * (docs/FAIRNESS.md, steps 1-3: at commit it draws r_i and sends
 * c_i = H("arena:botcommit", -, game_id || LE32(seat) || C || r_i), at lock
 * it reveals r_i, and at end it checks that the referee's secret S gives
 * C = H("arena:commit", -, game_id || S)), hands each turn to decide() and
 * answers every other message with {}.  It behaves like the Python and C
 * SDKs (sdk/python/arena_bot/, sdk/c/arena_bot.h), down to the compact,
 * ASCII-only form of its replies.  A bot must never write to standard
 * output itself; log with console.error().
 *
 *     import { Bot, run } from "./arena_bot.mjs";
 *     class MyBot extends Bot {
 *       name = "mine";
 *       decide(turn) { return turn.legal[0]; }
 *     }
 *     process.exitCode = await run(new MyBot());
 *
 * The module also carries the helpers a bot for the bundled games wants
 * (docs/games/): the scoring of a set of dice for bolo, bolo5 and
 * volle-lotte; Rolit's legal moves and the effect of a move; Black-Pot's
 * expressions of three dice, legal moves (as the referee lists them) and
 * the effect of a move.  They call the referee's own rules, built for
 * WebAssembly into arena_rules.wasm beside this file.  BLAKE2b (RFC 7693) is written out below, since
 * Node's crypto has no personalization parameter.
 */

import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

export const PROTOCOL_VERSION = 1;
export const GAME_ID_BYTES = 16;
export const HASH_BYTES = 32;
export const SECRET_BYTES = 32;

// --------------------------------------------------------------------------
// BLAKE2b (RFC 7693), with key, salt and personalization.  64-bit words are
// BigInts: a bot hashes a few hundred bytes a game, so clarity wins.

const MASK64 = (1n << 64n) - 1n;
const IV = [
  0x6a09e667f3bcc908n, 0xbb67ae8584caa73bn, 0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n, 0x510e527fade682d1n, 0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn, 0x5be0cd19137e2179n,
];
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

function rotr64(x, n) {
  return ((x >> BigInt(n)) | (x << BigInt(64 - n))) & MASK64;
}

/** The compression function F: mixes one 128-byte block into h. */
function compress(h, block, counter, last) {
  const view = new DataView(block.buffer, block.byteOffset, 128);
  const m = [];
  for (let i = 0; i < 16; i++) m.push(view.getBigUint64(8 * i, true));
  const v = [...h, ...IV];
  v[12] ^= counter & MASK64;
  v[13] ^= counter >> 64n;
  if (last) v[14] ^= MASK64;
  const g = (a, b, c, d, x, y) => {
    v[a] = (v[a] + v[b] + x) & MASK64;
    v[d] = rotr64(v[d] ^ v[a], 32);
    v[c] = (v[c] + v[d]) & MASK64;
    v[b] = rotr64(v[b] ^ v[c], 24);
    v[a] = (v[a] + v[b] + y) & MASK64;
    v[d] = rotr64(v[d] ^ v[a], 16);
    v[c] = (v[c] + v[d]) & MASK64;
    v[b] = rotr64(v[b] ^ v[c], 63);
  };
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10];
    g(0, 4, 8, 12, m[s[0]], m[s[1]]);
    g(1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(2, 6, 10, 14, m[s[4]], m[s[5]]);
    g(3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(0, 5, 10, 15, m[s[8]], m[s[9]]);
    g(1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(2, 7, 8, 13, m[s[12]], m[s[13]]);
    g(3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  for (let i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
}

function toBytes(data, what) {
  if (data === undefined || data === null) return new Uint8Array(0);
  if (typeof data === "string") return new TextEncoder().encode(data);
  if (data instanceof Uint8Array) return data;
  throw new TypeError(`${what} must be a string or a Uint8Array`);
}

/**
 * BLAKE2b of message (Uint8Array or string, UTF-8) as a Buffer.
 * Options: outlen (1-64 bytes, default 64), key (0-64 bytes), salt and
 * personal (at most 16 bytes each, zero-padded to 16 as libsodium's
 * crypto_generichash_blake2b_salt_personal and Python's hashlib do).
 */
export function blake2b(message, { outlen = 64, key, salt, personal } = {}) {
  const msg = toBytes(message, "message");
  const k = toBytes(key, "key");
  const s = toBytes(salt, "salt");
  const p = toBytes(personal, "personal");
  if (!Number.isInteger(outlen) || outlen < 1 || outlen > 64)
    throw new RangeError("outlen must be 1 to 64 bytes");
  if (k.length > 64) throw new RangeError("key must be at most 64 bytes");
  if (s.length > 16) throw new RangeError("salt must be at most 16 bytes");
  if (p.length > 16) throw new RangeError("personal must be at most 16 bytes");
  const param = new Uint8Array(64);
  param[0] = outlen;
  param[1] = k.length;
  param[2] = 1; // fanout
  param[3] = 1; // depth
  param.set(s, 32);
  param.set(p, 48);
  const pv = new DataView(param.buffer);
  const h = IV.map((w, i) => w ^ pv.getBigUint64(8 * i, true));
  // The key, zero-padded to a block, is the first block.
  let data = msg;
  if (k.length) {
    data = new Uint8Array(128 + msg.length);
    data.set(k, 0);
    data.set(msg, 128);
  }
  const block = new Uint8Array(128);
  let offset = 0;
  while (data.length - offset > 128) {
    block.set(data.subarray(offset, offset + 128));
    offset += 128;
    compress(h, block, BigInt(offset), false);
  }
  block.fill(0);
  block.set(data.subarray(offset));
  compress(h, block, BigInt(data.length), true);
  const out = Buffer.alloc(64);
  h.forEach((w, i) => out.writeBigUInt64LE(w, 8 * i));
  return out.subarray(0, outlen);
}

/** H(P, key, msg) of FAIRNESS.md: BLAKE2b-256, personalization P. */
export function hash(personal, message, key) {
  return blake2b(message, { outlen: HASH_BYTES, key, personal });
}

function le32(x) {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(x);
  return b;
}

/** c_i = H("arena:botcommit", -, game_id || LE32(i) || C || r_i). */
export function botCommitment(gameId, seatNumber, commitment, contribution) {
  return hash("arena:botcommit",
    Buffer.concat([gameId, le32(seatNumber), commitment, contribution]));
}

/** C = H("arena:commit", -, game_id || S). */
export function refereeCommitment(gameId, secret) {
  return hash("arena:commit", Buffer.concat([gameId, secret]));
}

// --------------------------------------------------------------------------
// The protocol.

/** A bot: override decide(), and onStart()/onEnd() if needed. */
export class Bot {
  /** Goes into the hello reply; null leaves it out. */
  name = null;
  /** Goes into the hello reply; null leaves it out. */
  version = null;
  /**
   * The safety net, off unless a bot asks for it: when decide() throws or
   * returns an action that is not legal, the SDK writes the error (or the
   * action) to standard error and plays a random legal action, so a bug
   * costs a move, not the game.
   */
  safe = false;
  /** What info() was last given for the turn being decided. */
  pendingInfo = null;

  /**
   * Says what the move being decided is about: called in decide(), the
   * text goes with the action as "info" (docs/PROTOCOL.md), which the
   * referee logs beside the action (its first 256 bytes) and the replays
   * show; it never changes the game.  The last call of a turn wins; a
   * turn without a call sends none.
   */
  info(text) {
    this.pendingInfo = String(text);
  }

  /**
   * The action for a turn message, or a Promise of it.  turn holds
   * "seat", "state", "legal" (absent in games whose actions are not
   * enumerable) and "time_left_ms".  Any element of legal is a valid
   * action as is.  Returning undefined gives up (run() then returns 1).
   */
  decide(turn) { // eslint-disable-line no-unused-vars
    throw new Error("a Bot must override decide()");
  }

  /** Called with the start message of each game. */
  onStart(start) {} // eslint-disable-line no-unused-vars

  /** Called with the end message of each game (result, forfeits). */
  onEnd(end) {} // eslint-disable-line no-unused-vars

  /** Plays until goodbye or end of input; see run(). */
  run(options = {}) {
    return run(this, options);
  }
}

/** The legal actions of a turn, or null if the message has none. */
export function legal(turn) {
  return Array.isArray(turn?.legal) ? turn.legal : null;
}

/** The seat a turn is for, or -1 if the message has none. */
export function seat(turn) {
  return seatNumber(turn?.seat) ?? -1;
}

/** The game as the seat sees it (see docs/games/), or null. */
export function state(turn) {
  return turn?.state ?? null;
}

class ProtocolError extends Error {}

/** The bytes of exactly 2*length lowercase hex digits, else null. */
function fromHex(value, length) {
  if (typeof value === "string" &&
      new RegExp(`^[0-9a-f]{${2 * length}}$`).test(value))
    return Buffer.from(value, "hex");
  return null;
}

/** A seat is an integer in [0, 2^32), as the C SDK reads it. */
function seatNumber(value) {
  return Number.isInteger(value) && value >= 0 && value < 2 ** 32
    ? value : null;
}

/** JSON with every character outside printable ASCII escaped, as the
 * Python SDK writes it: right in any encoding. */
function asciiJson(value) {
  return JSON.stringify(value).replace(/[\u007f-\uffff]/g,
    (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

/** The state of one run: the current game's fairness exchange. */
/** Whether two JSON values are equal (objects whatever their key order). */
function sameJson(a, b) {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null ||
      b === null || Array.isArray(a) !== Array.isArray(b))
    return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length &&
    keys.every((k) => Object.hasOwn(b, k) && sameJson(a[k], b[k]));
}

class Session {
  constructor(bot, name, version, error, random) {
    this.bot = bot;
    this.random = random;
    this.name = name;
    this.version = version;
    this.error = error;
    this.lineNo = 0;
    this.done = false;
    this.clear();
  }

  clear() {
    this.gameId = null;
    this.seat = 0;
    this.commitment = null; // the referee's C
    this.contribution = null; // our r_i, once committed
    this.inSet = false; // start named a duplicate set
  }

  warn(text) {
    this.error.write(`arena-bot: warning: line ${this.lineNo}: ${text}\n`);
  }

  /** The reply to one line; throws ProtocolError. */
  async answer(line) {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      msg = null;
    }
    if (msg === null || typeof msg !== "object" || Array.isArray(msg) ||
        typeof msg.type !== "string")
      throw new ProtocolError('not a JSON object with a string "type"');
    switch (msg.type) {
      case "hello": return this.onHello(msg);
      case "start": return this.onStart(msg);
      case "commit": return this.onCommit(msg);
      case "lock": return this.contribution
        ? { reveal: this.contribution.toString("hex") } : {};
      case "turn": return this.onTurn(msg);
      case "end": return this.onEnd(msg);
      case "goodbye": this.done = true; return {};
      // Unknown types get {} so that newer referees can add messages.
      default: return {};
    }
  }

  onHello(msg) {
    if (typeof msg.protocol === "number" && msg.protocol !== PROTOCOL_VERSION)
      this.error.write(`arena-bot: warning: the referee speaks protocol ${
        msg.protocol}, this SDK speaks ${PROTOCOL_VERSION}\n`);
    const reply = {};
    if (this.name !== null && this.name !== undefined) reply.name = this.name;
    if (this.version !== null && this.version !== undefined)
      reply.version = this.version;
    return reply;
  }

  async onStart(msg) {
    this.clear();
    const gameId = fromHex(msg.game_id, GAME_ID_BYTES);
    if (gameId === null)
      throw new ProtocolError(`start: "game_id" is not ${
        2 * GAME_ID_BYTES} lowercase hex digits`);
    const number = seatNumber(msg.seat);
    if (number === null)
      throw new ProtocolError('start: "seat" is not a non-negative integer');
    this.gameId = gameId;
    this.seat = number;
    this.inSet = typeof msg.set === "object" && msg.set !== null &&
      !Array.isArray(msg.set);
    await this.bot.onStart(msg);
    return {};
  }

  onCommit(msg) {
    if (this.gameId === null)
      throw new ProtocolError("commit: no game started");
    const commitment = fromHex(msg.commitment, HASH_BYTES);
    if (commitment === null)
      throw new ProtocolError(`commit: "commitment" is not ${
        2 * HASH_BYTES} lowercase hex digits`);
    this.commitment = commitment;
    this.contribution = Buffer.from(this.random(SECRET_BYTES));
    return {
      commitment: botCommitment(this.gameId, this.seat, commitment,
        this.contribution).toString("hex"),
    };
  }

  async onTurn(msg) {
    this.bot.pendingInfo = null;
    const reply = await this.act(msg);
    if (this.bot.pendingInfo) reply.info = this.bot.pendingInfo;
    this.bot.pendingInfo = null;
    return reply;
  }

  async act(msg) {
    const actions = legal(msg);
    if (!this.bot.safe || !actions || actions.length === 0) {
      const action = await this.bot.decide(msg);
      if (action === undefined)
        throw new ProtocolError("turn: decide() returned no action");
      return { action };
    }
    const fallback = () =>
      actions[Math.floor(Math.random() * actions.length)];
    let action;
    try {
      action = await this.bot.decide(msg);
    } catch (e) {
      this.error.write(`arena-bot: line ${this.lineNo}: decide() threw; ` +
        `playing a random legal action instead:\n${e && e.stack || e}\n`);
      return { action: fallback() };
    }
    if (!actions.some((a) => sameJson(a, action))) {
      const shown = action === undefined ? "undefined"
        : JSON.stringify(action).slice(0, 200);
      this.error.write(`arena-bot: line ${this.lineNo}: decide() returned ` +
        `${shown}, which is not legal; playing a random legal action ` +
        "instead\n");
      return { action: fallback() };
    }
    return { action };
  }

  // The first game of a duplicate set ends without S, which is revealed
  // only in the logs once the set is over (PROTOCOL.md).
  async onEnd(msg) {
    const setPending = this.inSet && (msg.secret === undefined || msg.secret === null);
    if (this.gameId !== null && this.commitment !== null && !setPending) {
      const secret = fromHex(msg.secret, SECRET_BYTES);
      if (secret === null)
        this.warn('end: no valid "secret"; the referee\'s randomness is ' +
          "unchecked");
      else if (!refereeCommitment(this.gameId, secret).equals(this.commitment))
        this.warn("end: the referee's secret does not match its " +
          "commitment; its randomness was not fair");
    }
    await this.bot.onEnd(msg);
    this.clear();
    return {};
  }
}

/**
 * Plays bot on input/output (default: process.stdin and process.stdout;
 * error: process.stderr) until goodbye.  name and version default to the
 * bot's.  Resolves to 0 after a goodbye or at end of input, 1 on a
 * protocol error (a line that is not a JSON object with a string "type",
 * a start or commit missing what the fairness exchange needs, decide()
 * returning undefined), after saying why on the error stream.  Exceptions
 * thrown by the bot reject the promise, unless the bot sets safe = true
 * (see Bot).  Use it as
 * `process.exitCode = await run(bot)`.  random(n) gives the n random bytes
 * of a contribution r_i (default crypto.randomBytes; for tests only).
 */
export async function run(bot, {
  input = process.stdin, output = process.stdout, error = process.stderr,
  name = bot.name, version = bot.version, random = randomBytes,
} = {}) {
  const session = new Session(bot, name, version, error, random);
  if (typeof input.setEncoding === "function") input.setEncoding("utf8");
  const lines = createInterface({ input, crlfDelay: Infinity,
    terminal: false });
  let status = 0;
  try {
    for await (const line of lines) {
      session.lineNo++;
      let reply;
      try {
        reply = await session.answer(line);
      } catch (e) {
        if (!(e instanceof ProtocolError)) throw e;
        error.write(`arena-bot: line ${session.lineNo}: ${e.message}\n`);
        status = 1;
        break;
      }
      output.write(asciiJson(reply) + "\n");
      if (session.done) break;
    }
  } finally {
    lines.close();
    // Let the process exit without waiting for the referee to close stdin.
    if (input === process.stdin) input.pause();
  }
  return status;
}

// --------------------------------------------------------------------------
// The rules behind the game helpers below: arena_rules.wasm, next to this
// module, the WebAssembly build of the referee's own rules (games/
// dice_score.c, rolit_board.c, black_pot_moves.c, black_pot_score.c, with
// the export layer sdk/js/rules_wasm.c), so that no rule is written twice.
// It is loaded at the first helper call, synchronously; a helper checks its
// arguments and shapes the answer, the rules do the rest.

const RULES_WASM = "arena_rules.wasm";
let rules = null;

function rulesExports() {
  if (rules) return rules;
  const url = new URL(RULES_WASM, import.meta.url);
  let bytes;
  try {
    bytes = readFileSync(url);
  } catch (e) {
    throw new Error(`the game helpers need ${fileURLToPath(url)}: ${
      e.code === "ENOENT" ? "it is missing (make builds it in the arena " +
        "source tree; npm install copies it with arena_bot.mjs)" : e.message}`);
  }
  const module = new WebAssembly.Module(bytes);
  // The rules do no I/O: the C library's stderr, which they would write
  // to only when out of memory before they stop, is refused (EBADF).
  const imports = {};
  for (const { module: from, name, kind } of WebAssembly.Module.imports(module))
    if (kind === "function") (imports[from] ??= {})[name] = () => 8;
  rules = new WebAssembly.Instance(module, imports).exports;
  return rules;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Calls the rules' export `name` with args (numbers) after writing ints
 * and text (cut to the buffer's size) into its argument buffers; returns
 * what it returns. */
function rulesCall(name, { ints = [], text }, ...args) {
  const r = rulesExports();
  new Int32Array(r.memory.buffer, r.rules_ints(), ints.length).set(ints);
  if (text !== undefined) {
    const buffer = new Uint8Array(r.memory.buffer, r.rules_text(),
      r.rules_text_size());
    buffer[encoder.encodeInto(text, buffer.subarray(0, -1)).written] = 0;
  }
  return r[name](...args);
}

/** The NUL-terminated text at address `at` of the rules' memory. */
function rulesText(at) {
  const memory = new Uint8Array(rulesExports().memory.buffer);
  return decoder.decode(memory.subarray(at, memory.indexOf(0, at)));
}

/** The answer of the last call: JSON already in the helper's shape. */
function rulesJson(name, input, ...args) {
  rulesCall(name, input, ...args);
  return JSON.parse(rulesText(rulesExports().rules_out()));
}

// --------------------------------------------------------------------------
// The dice games (docs/games/bolo.md, bolo5.md, volle-lotte.md).

/** The game names whose sets of dice diceValue() scores. */
export const DICE_VARIANTS = Object.freeze(["bolo", "bolo5", "volle-lotte"]);
/* Each variant's enum dice_rules in games/dice_score.h. */
const DICE_RULES = { bolo: 0, bolo5: 1, "volle-lotte": 2 };
const DICE_MAX = 7;

/** count[f] = how many of faces show f (index 0 unused). */
export function diceCounts(faces) {
  const count = [0, 0, 0, 0, 0, 0, 0];
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > 6)
      throw new RangeError(`${f} is not a die face 1-6`);
    count[f]++;
  }
  return count;
}

/** diceCounts() of at most the 7 dice any of the games rolls. */
function rollCounts(faces) {
  const count = diceCounts(faces);
  if (faces.length > DICE_MAX)
    throw new RangeError(`${faces.length} dice: the games roll at most ${DICE_MAX}`);
  return count;
}

function diceRules(variant) {
  if (!DICE_VARIANTS.includes(variant))
    throw new RangeError(`no dice game "${variant}": expected one of ${
      DICE_VARIANTS.join(", ")}`);
  return DICE_RULES[variant];
}

/**
 * The points of a set of dice (at most 7) set aside together in the dice
 * game variant ("bolo", "bolo5" or "volle-lotte"): its best split into
 * scoring groups, or null when some die of the set scores nothing (such a
 * set may not be set aside).  The empty set is worth 0.
 * diceValue("bolo", [1, 1, 1, 1]) === 2000.
 */
export function diceValue(variant, faces) {
  const value = rulesCall("dice_value", { ints: rollCounts(faces) },
    diceRules(variant));
  return value < 0 ? null : value;
}

/**
 * Every distinct non-empty set of the roll in which every die scores, as
 * {keep, points}, in the order of the view's "keeps" and of "legal":
 * fewest dice first, then by their sorted faces.  (Volle Lotte's
 * Fireworks and Straight cards restrict the keeps; the view says so.)
 */
export function diceKeeps(variant, roll) {
  return rulesJson("dice_keeps", { ints: rollCounts(roll) }, diceRules(variant));
}

/** Whether the roll has some set to keep (else the turn is lost). */
export function diceScores(variant, roll) {
  return rulesCall("dice_scores", { ints: rollCounts(roll) },
    diceRules(variant)) !== 0;
}

/**
 * Whether bolo5's rule 2.3 lets the player bank after setting keep aside
 * from roll (the turn total's threshold apart): some die of the roll is
 * left behind and those dice would score nothing on their own.
 * bolo5MayBank([1, 1, 1, 2, 2], [1, 1, 1]) === true; bolo5MayBank([1, 5], [5]) === false.
 */
export function bolo5MayBank(roll, keep) {
  const behind = rollCounts(roll);
  const taken = diceCounts(keep);
  for (let f = 1; f <= 6; f++) {
    if (taken[f] > behind[f])
      throw new RangeError(`${keep} is not part of the roll ${roll}`);
    behind[f] -= taken[f];
  }
  return rulesCall("dice_must_roll", { ints: behind }) === 0;
}

/**
 * @typedef {object} DiceView   The fields every dice game's view has.
 * @property {number} players
 * @property {number} [you]
 * @property {number} to_move
 * @property {number[]} scores
 * @property {number[]} forfeited
 * @property {number} turn_total
 * @property {number} dice_left
 * @property {number[]} set_aside
 * @property {number[]} roll
 * @property {{keep: number[], points: number}[]} keeps
 */
/**
 * @typedef {DiceView & {target: number, opened: boolean[], phase: string,
 *   leader: number, final_round: number[], contenders: number[],
 *   sudden_death_turns: number}} BoloView
 * @typedef {DiceView & {target: number, on_board: boolean[],
 *   thresholds: number[], must_roll: boolean, yahtzee_clause: boolean,
 *   triples: number[], rerolled: boolean, winner: number}} Bolo5View
 * @typedef {DiceView & {target: number, card: ?string, card_points: number,
 *   volle_lottes: number, after_volle_lotte: boolean, cards_left: number,
 *   deck: Object<string, number>, phase: string, extra_turns: number[],
 *   clover_winner: number}} VolleLotteView
 */

// --------------------------------------------------------------------------
// Rolit (docs/games/rolit.md).  A board is the view's "board": strings,
// element 0 = row 1, one character a column from A: R Y G B or ".".

/**
 * @typedef {object} RolitView
 * @property {number} size
 * @property {string[]} board
 * @property {string[]} colours   colour name of each seat
 * @property {string} [you]       your colour name
 * @property {number} to_move
 * @property {{red: number, yellow: number, green: number, blue: number}} counts
 * @property {number[]} forfeited
 */

/** Colour names and their letters on the board. */
export const ROLIT_LETTERS = Object.freeze(
  { red: "R", yellow: "Y", green: "G", blue: "B" });
const ROLIT_MAX_SIZE = 8;

/** "D3" from a 0-based row and column. */
export function squareName(row, col) {
  return String.fromCharCode(65 + col) + (row + 1);
}

/** [row, col], 0-based, of a square name such as "D3"; throws if bad. */
export function parseSquare(name) {
  const m = /^([A-Z])([1-9][0-9]?)$/.exec(name);
  if (!m) throw new RangeError(`"${name}" is not a square name`);
  return [Number(m[2]) - 1, m[1].charCodeAt(0) - 65];
}

/** The code of the letter of colour (a name or a letter). */
function rolitLetter(colour) {
  const letter = ROLIT_LETTERS[colour] ??
    (Object.values(ROLIT_LETTERS).includes(colour) ? colour : null);
  if (!letter) throw new RangeError(`"${colour}" is not a Rolit colour`);
  return letter.charCodeAt(0);
}

/** The rules' input for a board: its rows one after the other. */
function rolitBoard(board) {
  const n = Array.isArray(board) ? board.length : 0;
  if (n < 1 || n > ROLIT_MAX_SIZE || board.some((row) =>
    typeof row !== "string" || row.length !== n || !/^[RYGB.]*$/.test(row)))
    throw new RangeError(`a Rolit board is 1 to ${ROLIT_MAX_SIZE} rows of ` +
      "as many of R, Y, G, B or . as there are rows");
  return { text: board.join("") };
}

/** [row, col] of square on board; throws if it is off the board. */
function rolitSquare(board, square) {
  const [row, col] = parseSquare(square);
  const n = board.length;
  if (row >= n || col >= n)
    throw new RangeError(`${square} is off the ${n}x${n} board`);
  return [row, col];
}

/** The balls a ball of colour (name or letter) on square would capture,
 * as square names, row 1 first and A to H within a row; [] when it
 * captures nothing. */
export function rolitCaptures(board, square, colour) {
  const input = rolitBoard(board);
  return rulesJson("rolit_captures", input, board.length,
    ...rolitSquare(board, square), rolitLetter(colour));
}

/** The legal squares for colour, in the order of "legal": the capturing
 * placements if there are any, else every empty square touching a ball. */
export function rolitLegalMoves(board, colour) {
  return rulesJson("rolit_legal", rolitBoard(board), board.length,
    rolitLetter(colour));
}

/** The board after colour places a ball on square (not checked for
 * legality): a new array of strings. */
export function rolitApply(board, square, colour) {
  const input = rolitBoard(board);
  return rulesJson("rolit_apply", input, board.length,
    ...rolitSquare(board, square), rolitLetter(colour));
}

/** Balls of each colour on the board: {red, yellow, green, blue}. */
export function rolitCounts(board) {
  const counts = rulesJson("rolit_counts", rolitBoard(board), board.length);
  return Object.fromEntries(
    Object.keys(ROLIT_LETTERS).map((name, i) => [name, counts[i]]));
}

// --------------------------------------------------------------------------
// Black-Pot (docs/games/black-pot.md).  Cells are named like squares
// ("F6", A-K, 1-11); the view's "numbers" and "board" are row 1 first.

/**
 * @typedef {object} BlackPotMove
 * @property {string} expr    groups separated by ",", e.g. "6+4,2"
 * @property {string[]} cells one cell for each group worth 1..25
 */
/**
 * @typedef {object} BlackPotView
 * @property {number[][]} numbers  11 rows of 11 numbers, 0 = cut cell
 * @property {string[]} board      "." free, "X" ivory, "O" brown, " " cut
 * @property {string[]} sides
 * @property {number} [you]        your side, 0 (ivory) or 1 (brown)
 * @property {number} to_move
 * @property {number[]} roll
 * @property {number} rolls
 * @property {number} max_rolls
 * @property {number[]} pawns
 * @property {number[]} points
 * @property {{side: number, cells: string[], points: number}[]} lines
 * @property {number[]} forfeited
 */

export const BLACK_POT_SIDE = 11;
export const BLACK_POT_MAX_NUMBER = 25;

/** "citron" (1-6), "black-pot" (13 14 17 19 21 22 23), "cerise" (the
 * other numbers up to 25), or null for anything else. */
export function blackPotKind(number) {
  if (!Number.isInteger(number) || number < 1 || number > BLACK_POT_MAX_NUMBER)
    return null;
  return rulesText(rulesCall("black_pot_kind", {}, number));
}

/** A roll of three dice, checked. */
function blackPotRoll(roll) {
  if (!Array.isArray(roll) || roll.length !== 3 ||
      roll.some((f) => !Number.isInteger(f) || f < 1 || f > 6))
    throw new RangeError("a Black-Pot roll is three die faces 1-6");
  return roll;
}

/**
 * The distinct values a group of 1 to 3 dice can take with + - * and exact
 * /, as [{value, expr}], each with the first expression the referee finds.
 * blackPotValues([6, 4, 2]) includes {value: 8, expr: "6+4-2"}.
 */
export function blackPotValues(dice) {
  if (!Array.isArray(dice) || dice.length < 1 || dice.length > 3)
    throw new RangeError("a group is 1 to 3 dice");
  diceCounts(dice);
  return rulesJson("black_pot_values", { ints: dice }, dice.length);
}

/**
 * Every expression of a roll of three dice: each split into groups with
 * each choice of a value for each group, as {expr, values} (values one
 * per group).  Many expressions place the same pawns; see
 * blackPotLegalMoves() for the distinct moves.
 */
export function blackPotExpressions(roll) {
  return rulesJson("black_pot_expressions", { ints: blackPotRoll(roll) });
}

/** [row, col], 0-based, of a cell name such as "F6". */
export const parseCell = parseSquare;
/** "F6" from a 0-based row and column. */
export const cellName = squareName;

/**
 * The legal moves of a Black-Pot view for the seat receiving it, exactly
 * as the referee's "legal" lists them: distinct sets of cells, each named
 * by the first expression found, sorted by pawns placed then cells in
 * board order.  The first places nothing.  roll, numbers, board and the
 * pawns left may be given instead of a view: {roll, numbers, board, pawns}
 * with pawns a number.
 */
export function blackPotLegalMoves(view) {
  const pawns = typeof view.pawns === "number" ? view.pawns
    : view.pawns[view.you];
  const ints = [...blackPotRoll(view.roll)];
  for (let r = 0; r < BLACK_POT_SIDE; r++)
    for (let c = 0; c < BLACK_POT_SIDE; c++)
      ints.push(view.board[r][c] === "." ? view.numbers[r][c] : 0);
  return rulesJson("black_pot_moves", { ints }, pawns);
}

/**
 * The values of the groups of a move's expression for a roll, as the
 * referee reads it (dice as single digits, + - * x X /, parentheses,
 * groups separated by ","; every die used once; exact division).  Throws
 * an Error saying what is wrong otherwise.
 */
export function blackPotEvaluate(expr, roll) {
  if (typeof expr !== "string")
    throw new TypeError("a Black-Pot expression is a string, e.g. \"6+4,2\"");
  const refused = rulesCall("black_pot_evaluate",
    { ints: blackPotRoll(roll), text: expr });
  const answer = rulesText(rulesExports().rules_out());
  if (refused) throw new Error(answer);
  return JSON.parse(answer);
}

/** The board after side (0 ivory "X", 1 brown "O") puts pawns on cells:
 * a new array of strings (the move is not checked). */
export function blackPotApply(board, cells, side) {
  const rows = board.map((row) => row.split(""));
  for (const name of cells) {
    const [r, c] = parseCell(name);
    rows[r][c] = side ? "O" : "X";
  }
  return rows.map((row) => row.join(""));
}

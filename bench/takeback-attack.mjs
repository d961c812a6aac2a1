// The takeback attack, as a hostile client plays it: a casual hot-seat game without clock in a
// locked-pawn ending, played to ply 140, then takeback offer + accept + one move, over and over, each attacker
// staying under the server's 20 messages a second. Run beside `tabiya loadtest --url` to see whether honest games
// slow down (bench/takeback-attack.sh does both).
//
//   node --experimental-websocket bench/takeback-attack.mjs --url http://127.0.0.1:PORT --attackers 2 --seconds 30
//
// Prints one JSON line at the end: cycles done, messages sent, the attackers' own round trips, errors by code.
// Needs Node's WebSocket (global from Node 22; behind --experimental-websocket in Node 20).

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => {
    if (word.startsWith('--')) pairs.push([word.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const base = args.url ?? 'http://127.0.0.1:8080';
const attackers = Number(args.attackers ?? 2);
const seconds = Number(args.seconds ?? 30);
const plies = Number(args.plies ?? 140);
const rate = Number(args.rate ?? 15); // messages a second per attacker, under the documented 20
const FEN = '8/p7/P7/P5kB/8/8/4K3/8 w - - 0 1';

if (typeof WebSocket !== 'function') {
  console.error('takeback-attack: this Node has no WebSocket (run it with --experimental-websocket)');
  process.exit(2);
}

// A seeded generator, so two runs make the same games.
let seed = Number(args.seed ?? 1) >>> 0 || 1;
const random = () => {
  seed ^= seed << 13;
  seed >>>= 0;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  seed >>>= 0;
  return seed / 4294967296;
};

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const totals = { cycles: 0, messages: 0, games: 0, errors: {}, answers_ms: [] };

// One connection holding both seats: sends paced requests and waits for each one's answer (event, state, ok or
// error carrying its req; a takeback's accept is answered by a state without req, so any state ends it too).
async function connect(id, seats) {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws/${id}`);
  const queue = [];
  let waiting = null;
  let game = null;
  ws.onmessage = (message) => {
    const m = JSON.parse(message.data);
    if (m.t === 'ping') return ws.send(JSON.stringify({ t: 'pong', n: m.n }));
    if (m.t === 'state') game = m.game;
    if (m.t === 'event' && m.e.type === 'move') {
      game.legal = m.e.legal;
      game.fen = m.e.fen;
      game.turn = m.e.turn;
      game.ply = m.e.ply;
    }
    if (m.t === 'event' && m.e.type === 'end') game.status = 'over';
    if (m.t === 'error') totals.errors[m.code] = (totals.errors[m.code] ?? 0) + 1;
    queue.push(m);
    if (waiting) waiting();
  };
  await new Promise((open, fail) => {
    ws.onopen = open;
    ws.onerror = fail;
  });
  let req = 0;
  let last = 0;
  const request = async (body) => {
    const gap = 1000 / rate - (Date.now() - last);
    if (gap > 0) await sleep(gap);
    last = Date.now();
    const mine = ++req;
    const sent = performance.now();
    ws.send(JSON.stringify({ ...body, req: mine }));
    totals.messages++;
    for (;;) {
      const i = queue.findIndex((m) => m.req === mine || (body.t !== 'move' && m.t === 'state'));
      if (i >= 0) {
        const answer = queue.splice(0, i + 1).pop();
        totals.answers_ms.push(performance.now() - sent);
        return answer;
      }
      await new Promise((wake) => (waiting = wake));
    }
  };
  const hello = new Promise((ready) => {
    const check = () => (game ? ready() : (waiting = check));
    waiting = check;
  });
  ws.send(JSON.stringify({ t: 'hello', v: 1, seats: [seats.white, seats.black] }));
  await hello;
  game.ply = game.moves.length;
  // Kings and the bishop move to empty squares only: no capture, no pawn move, so the pawns stay locked and every
  // position needs the server's dead-position proof.
  const move = async () => {
    const board = squares(game.fen);
    const choices = [];
    for (const [from, targets] of Object.entries(game.legal))
      if ('KkBb'.includes(board[from])) for (const to of targets) if (!board[to]) choices.push(from + to);
    return request({ t: 'move', uci: choices[Math.floor(random() * choices.length)], ply: game.ply });
  };
  return { ws, move, request, state: () => game };
}

// The pieces of a FEN by square ("e1": "K").
function squares(fen) {
  const board = {};
  fen
    .split(' ')[0]
    .split('/')
    .forEach((row, r) => {
      let file = 0;
      for (const c of row) {
        if (c >= '1' && c <= '8') file += Number(c);
        else board['abcdefgh'[file++] + (8 - r)] = c;
      }
    });
  return board;
}

async function newGame() {
  const answer = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ v: 1, opponent: 'hotseat', fen: FEN, time: 'none', casual: true }),
  });
  if (answer.status !== 201) throw new Error(`POST /api/games: ${answer.status} ${await answer.text()}`);
  const created = await answer.json();
  totals.games++;
  return connect(created.id, created.seats);
}

async function attacker(deadline) {
  while (Date.now() < deadline) {
    const client = await newGame();
    // Random king and bishop moves to ply 140 (fivefold repetition may end a game first: then a new one).
    while (client.state().ply < plies && client.state().status !== 'over' && Date.now() < deadline) await client.move();
    // Then take back the last move and play one again, as long as the game lasts.
    while (client.state().status !== 'over' && Date.now() < deadline) {
      const asker = client.state().turn === 'white' ? 'black' : 'white';
      await client.request({ t: 'takeback', action: 'offer', color: asker });
      await client.request({ t: 'takeback', action: 'accept' });
      client.state().ply = client.state().moves.length;
      await client.move();
      totals.cycles++;
    }
    client.ws.close();
  }
}

const deadline = Date.now() + seconds * 1000;
await Promise.all(Array.from({ length: attackers }, () => attacker(deadline)));
const sorted = totals.answers_ms.sort((a, b) => a - b);
const pick = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0);
console.log(
  JSON.stringify({
    attackers,
    seconds,
    games: totals.games,
    cycles: totals.cycles,
    messages: totals.messages,
    answer_p50_ms: Number(pick(50).toFixed(1)),
    answer_p99_ms: Number(pick(99).toFixed(1)),
    errors: totals.errors,
  }),
);
process.exit(0);

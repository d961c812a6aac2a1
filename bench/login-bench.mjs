// The log-in targets, as clients play them: (1) `--rate` log-ins a second (default 20) for `--seconds`
// (default 30) against registered accounts, each latency measured, p50/p90/p99/max printed; (2) a flood of
// `--flood` (default 1000) log-ins sent at once. Every request names another client in X-Forwarded-For (the
// server trusts 127.0.0.1 as a proxy) so that the per-client limit (200 per 10 minutes) does not stop the bench;
// the accounts are many so that none passes its 10 tries. Prints one JSON line per phase.
//
//   node bench/login-bench.mjs --url http://127.0.0.1:PORT --phase steady|flood|register
import http from 'node:http';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => {
    if (word.startsWith('--')) pairs.push([word.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const url = new URL(args.url ?? 'http://127.0.0.1:8080');
const rate = Number(args.rate ?? 20);
const seconds = Number(args.seconds ?? 30);
const flood = Number(args.flood ?? 1000);
const accounts = Number(args.accounts ?? 80);
const agent = new http.Agent({ keepAlive: true, maxSockets: 2000 });
let client = 0;

function post(path, body) {
  const text = JSON.stringify(body);
  const forwarded = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`;
  const start = process.hrtime.bigint();
  return new Promise(done => {
    const req = http.request(
      { host: url.hostname, port: url.port, path, method: 'POST', agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text), 'X-Forwarded-For': forwarded } },
      res => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
      },
    );
    req.on('error', () => done({ status: 0, ms: Number(process.hrtime.bigint() - start) / 1e6 }));
    req.end(text);
  });
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : null;
}

function summary(phase, results, extra = {}) {
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const ms = results.filter(r => r.status === 200).map(r => r.ms).sort((a, b) => a - b);
  const round = x => (x === null ? null : Math.round(x * 10) / 10);
  console.log(JSON.stringify({ phase, requests: results.length, statuses, p50_ms: round(percentile(ms, 50)),
    p90_ms: round(percentile(ms, 90)), p99_ms: round(percentile(ms, 99)), max_ms: round(ms.at(-1) ?? null), ...extra }));
}

const name = i => `bench_${i}`;
const password = 'bench password';

if (args.phase === 'register') {
  const results = [];
  for (let i = 0; i < accounts; i += 8)  // a few at a time: the hash queue holds 64
    results.push(...(await Promise.all(Array.from({ length: Math.min(8, accounts - i) }, (_, k) =>
      post('/api/account/register', { username: name(i + k), password })))));
  summary('register', results.map(r => ({ ...r, status: r.status === 201 ? 200 : r.status })));
} else if (args.phase === 'steady') {
  const pending = [];
  const start = Date.now();
  const total = rate * seconds;
  for (let i = 0; i < total; ++i) {
    const due = start + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise(r => setTimeout(r, wait));
    pending.push(post('/api/account/login', { username: name(i % accounts), password }));
  }
  summary('steady', await Promise.all(pending), { rate_per_s: rate, seconds });
} else if (args.phase === 'flood') {
  // Unknown names: each costs a full (dummy) hash like a real one, and no account limit applies.
  const results = await Promise.all(Array.from({ length: flood }, (_, i) =>
    post('/api/account/login', { username: `flood_${i}`, password: 'flood password' })));
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const all = results.map(r => r.ms).sort((a, b) => a - b);
  console.log(JSON.stringify({ phase: 'flood', requests: flood, statuses, answered_all_in_ms: Math.round(all.at(-1)) }));
}
agent.destroy();

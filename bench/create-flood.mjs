// A creation flood, as a hostile client plays it: N `POST /api/games` from one client over a few
// keep-alive connections, as fast as the server answers. Prints one JSON line: requests, answers by status,
// games created, seconds, requests a second.
//
//   node bench/create-flood.mjs --url http://127.0.0.1:PORT --requests 50000 --connections 8
import http from 'node:http';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, word, i, all) => {
    if (word.startsWith('--')) pairs.push([word.slice(2), all[i + 1]]);
    return pairs;
  }, []),
);
const url = new URL(args.url ?? 'http://127.0.0.1:8080');
const requests = Number(args.requests ?? 50000);
const connections = Number(args.connections ?? 8);
const body = args.body ?? '{"v":1,"opponent":"invite"}';
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });

const statuses = {};
let next = 0;
function post() {
  return new Promise(done => {
    const req = http.request(
      { host: url.hostname, port: url.port, path: '/api/games', method: 'POST', agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      res => {
        res.resume();
        res.on('end', () => done(res.statusCode));
      },
    );
    req.on('error', () => done('error'));
    req.end(body);
  });
}
async function worker() {
  while (next < requests) {
    next++;
    const status = await post();
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
}
const start = process.hrtime.bigint();
await Promise.all(Array.from({ length: connections }, worker));
const seconds = Number(process.hrtime.bigint() - start) / 1e9;
agent.destroy();
console.log(JSON.stringify({ requests, statuses, created: statuses[201] ?? 0, seconds: +seconds.toFixed(2),
  per_second: Math.round(requests / seconds) }));

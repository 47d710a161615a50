import { parentPort, workerData } from 'node:worker_threads';
import { Agent, request } from 'undici';

/**
 * The background load of B18d (bench/search.bench.ts), on a worker thread so that its requests and replies never
 * queue on the event loop that times the reads by id: `workerData = { port, token, path, searchers }` runs
 * `searchers` loops of keyword first-page requests (each keyword new to the run: `供应商<4 digits>`, the sequence
 * starting at `from`, which the driver moves past the keywords of earlier rounds) until the message 'stop', then
 * posts `{ answered, failed }`. undici's request, not fetch: this thread shares the driver's
 * core with the reads it times, and fetch's WHATWG streams cost about twice the CPU per request (as in B16's driver).
 */
const { port, token, path, searchers, from = 0 } = workerData;
let stop = false;
// Rounds start where the last one stopped (`from`): every keyword is new to the run, so none has a cached total.
let seq = from;
let answered = 0;
let failed = 0;
const dispatcher = new Agent({ connections: searchers, keepAliveTimeout: 30_000 });

async function search() {
  const keyword = `供应商${1000 + ((seq++ * 7919) % 9000)}`;
  const r = await request(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPage: 1, pageSize: 20, keyword }),
    dispatcher,
  });
  const json = await r.body.json();
  if (json.code !== 200) throw new Error(`${json.code} ${json.msg}`);
}

parentPort.on('message', (m) => {
  if (m === 'stop') stop = true;
});
const loops = Array.from({ length: searchers }, async () => {
  while (!stop) {
    await search().then(
      () => answered++,
      () => failed++,
    );
  }
});
parentPort.postMessage({ started: true });
await Promise.all(loops);
parentPort.postMessage({ answered, failed });

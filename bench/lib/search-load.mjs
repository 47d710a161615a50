import { parentPort, workerData } from 'node:worker_threads';

/**
 * The background load of B18d (bench/search.bench.ts), on a worker thread so that its requests and replies never
 * queue on the event loop that times the reads by id: `workerData = { port, token, path, searchers }` runs
 * `searchers` loops of keyword first-page requests (each keyword new to the run: `供应商<4 digits>`) until the
 * message 'stop', then posts `{ answered, failed }`.
 */
const { port, token, path, searchers } = workerData;
let stop = false;
let seq = 0;
let answered = 0;
let failed = 0;

async function search() {
  const keyword = `供应商${1000 + ((seq++ * 7919) % 9000)}`;
  const r = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ currentPage: 1, pageSize: 20, keyword }),
  });
  const json = await r.json();
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

// The load generator of `steady-load.ts`, on a thread of its own: run in the app's event loop, the
// client's own work (sending, parsing, timing) would queue behind the server's and inflate every figure.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

const { url, headers, rate, seconds, connections } = workerData;
const times = [];
const instance = autocannon(
  { url, headers, connections, overallRate: rate, duration: seconds },
  (error, result) => {
    if (error) throw error;
    const failed = result.non2xx + result.errors + result.timeouts;
    parentPort.postMessage({ times, failed });
  },
);
instance.on('response', (_client, status, _bytes, responseTime) => {
  if (status === 200) times.push(responseTime);
});

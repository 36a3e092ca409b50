// The load generator of `steady-load.ts`, on a thread of its own: run in the app's event loop, the
// client's own work (sending, parsing, timing) would queue behind the server's and inflate every figure.
//
// Open loop, evenly spaced: request i is due at start + i / rate, sent then whatever the earlier ones
// are doing, and its time runs from when it was due (so a stalled client or server cannot hide its
// delay: no coordinated omission). autocannon's `overallRate`, used before, sends each connection's
// share of a second back to back at the start of the second — 100 requests in a burst ten at a time,
// then nothing — which measures a queue, not 100 requests a second.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

const { url, headers, rate, seconds, connections } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const total = Math.round(rate * seconds);
const interval = 1000 / rate;
const times = [];
let failed = 0;
let finished = 0;

function send(due) {
  const request = http.get(url, { agent, headers }, (response) => {
    response.resume();
    response.on('end', () => {
      if (response.statusCode === 200) times.push(performance.now() - due);
      else failed += 1;
      done();
    });
  });
  request.on('error', () => {
    failed += 1;
    done();
  });
}

function done() {
  finished += 1;
  if (finished === total) {
    agent.destroy();
    parentPort.postMessage({ times, failed });
  }
}

const start = performance.now() + 50;
let sent = 0;
function tick() {
  const now = performance.now();
  while (sent < total && start + sent * interval <= now) {
    send(start + sent * interval);
    sent += 1;
  }
  if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
}
setTimeout(tick, 50);

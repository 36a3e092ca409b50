/**
 * Where a load's CPU went, on Linux: the machine's busy share from /proc/stat and each named process's
 * own CPU time from /proc/<pid>/stat (user + system ticks, 100 a second). What a throughput figure is
 * limited by is read off these: a machine near 100 % busy has no core left for another process.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS_PER_SECOND = 100;

function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  const idle = fields[3]! + (fields[4] ?? 0);
  return { total, busy: total - idle };
}

function processTicks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(after[11]) + Number(after[12]);
  } catch {
    return 0;
  }
}

export interface CpuSample {
  /** Share of all cores busy over the interval (1 = every core all the time). */
  busy: number;
  cores: number;
  /** CPU seconds each named process used over the interval. */
  seconds: Record<string, number>;
}

/** Starts measuring; the returned function ends the interval and answers what it saw. */
export function measureCpu(pids: Record<string, number>): () => CpuSample {
  const machineBefore = machineTicks();
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, processTicks(pid)]));
  return () => {
    const machineAfter = machineTicks();
    const seconds = Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [
        name,
        (processTicks(pid) - before[name]!) / TICKS_PER_SECOND,
      ]),
    );
    return {
      busy: (machineAfter.busy - machineBefore.busy) / Math.max(1, machineAfter.total - machineBefore.total),
      cores: os.cpus().length,
      seconds,
    };
  };
}

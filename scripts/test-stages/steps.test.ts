import { describe, expect, it } from 'vitest';
import type { Stage, Step } from './stages';
import { runSteps } from './steps';

const stage = (name: string): Stage => ({ name, script: name });

/** Stages that take `ms` each (none: 10) and fail when named in `failing`, with what ran when. */
function fakeRunner(ms: Record<string, number> = {}, failing: string[] = []) {
  const events: string[] = [];
  const alone: Record<string, boolean> = {};
  const runStage = async (run: Stage, isAlone: boolean) => {
    events.push(`start ${run.name}`);
    alone[run.name] = isAlone;
    await new Promise((resolve) => setTimeout(resolve, ms[run.name] ?? 10));
    events.push(`end ${run.name}`);
    return { name: run.name, seconds: 0, ok: !failing.includes(run.name) };
  };
  return { events, alone, runStage };
}

describe('the steps of a check', () => {
  it('starts the lanes of a step together, the stages of a lane in turn, and the next step after all', async () => {
    const steps: Step[] = [[stage('lint'), [stage('build'), stage('benches')]], [stage('server')]];
    const { events, alone, runStage } = fakeRunner({ lint: 80, build: 10, benches: 10 });
    const times = await runSteps(steps, runStage);
    expect(events).toEqual([
      'start lint',
      'start build',
      'end build',
      'start benches',
      'end benches',
      'end lint',
      'start server',
      'end server',
    ]);
    expect(alone).toEqual({ lint: false, build: false, benches: false, server: true });
    expect(times.map((time) => time.name)).toEqual(['lint', 'build', 'benches', 'server']);
  });

  it('ends a lane at its failure, lets the lanes beside it finish, and starts no later step', async () => {
    const steps: Step[] = [[[stage('build'), stage('benches')], stage('lint')], [stage('server')]];
    const { events, runStage } = fakeRunner({ lint: 50 }, ['build']);
    const times = await runSteps(steps, runStage);
    expect(events).toEqual(['start build', 'start lint', 'end build', 'end lint']);
    expect(times).toEqual([
      { name: 'build', seconds: 0, ok: false },
      { name: 'lint', seconds: 0, ok: true },
    ]);
  });
});

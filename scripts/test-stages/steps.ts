/**
 * The order of a check: steps one after the other, the lanes of a step side by side, the stages of a
 * lane one after the other. A failed stage ends its lane; the other lanes of its step still finish
 * (their output is worth reading), and no later step starts.
 */
import type { Stage, Step } from './stages';
import type { StageTime } from './timings';

/** Runs one stage; `alone` when nothing runs beside it (it may then write as it goes). */
export type RunStage = (stage: Stage, alone: boolean) => Promise<StageTime>;

export const lanesOf = (step: Step): Stage[][] =>
  step.map((entry) => (Array.isArray(entry) ? entry : [entry]));

async function runLane(lane: Stage[], runStage: RunStage, alone: boolean): Promise<StageTime[]> {
  const times: StageTime[] = [];
  for (const stage of lane) {
    const time = await runStage(stage, alone);
    times.push(time);
    if (!time.ok) break;
  }
  return times;
}

/** Every stage run, in the order the steps list them; stops after the first step with a failure. */
export async function runSteps(
  steps: Step[],
  runStage: RunStage,
  announce: (lanes: Stage[][]) => void = () => {},
): Promise<StageTime[]> {
  const times: StageTime[] = [];
  for (const step of steps) {
    const lanes = lanesOf(step);
    announce(lanes);
    const alone = lanes.length === 1;
    times.push(...(await Promise.all(lanes.map((lane) => runLane(lane, runStage, alone)))).flat());
    if (times.some((time) => !time.ok)) break;
  }
  return times;
}

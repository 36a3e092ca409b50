/** Yearly deliveries: the next occurrence's date, and the roll-over that creates it. */
export { createRepeatRoller, rollOverSkipped } from './delivery.repeat';

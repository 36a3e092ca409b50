/** Yearly deliveries: the next occurrence's date, and the roll-over that creates it. */
export { createRepeatRoller, rollOver, rollOverSkipped } from './delivery.repeat';

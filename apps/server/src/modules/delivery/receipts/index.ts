/** Receipts: which opens of a watch link count, and telling the owner of the first. */
export { createOpenGate, recordOpen } from './delivery.receipts';
export type { OpenGate } from './delivery.receipts';

export * from './common';
export * from './accounts';
export * from './videos';
export * from './notifications';
export * from './delivery';

export * from './common';
export * from './accounts';
export * from './notifications';
export * from './delivery';
export * from './videos';

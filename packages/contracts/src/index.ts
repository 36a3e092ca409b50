export * from './common';
export * from './accounts';
export * from './videos';

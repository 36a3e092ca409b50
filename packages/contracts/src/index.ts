export * from './common';
export * from './accounts';

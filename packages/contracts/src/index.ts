export * from './common';
export * from './lists';
export * from './accounts';
export * from './videos';
export * from './notifications';
export * from './delivery';
export * from './queries';
export * from './route';

export * from './videos.jobs';
export * from './videos.queue';
export * from './videos.worker';
export * from './videos.sweeper';

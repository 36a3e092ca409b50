export * from './merge.service';
export * from './merge-title';

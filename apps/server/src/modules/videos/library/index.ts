export * from './library.service';
export * from './folder-move';
export * from './draft-trim.service';

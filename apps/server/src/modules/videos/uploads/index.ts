export * from './tus.routes';
export * from './video-uploads';
export * from './stored-upload-parts';
export * from './temp-leftovers';

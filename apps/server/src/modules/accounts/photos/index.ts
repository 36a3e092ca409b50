/** Profile photos: read from a form, checked by content, stored and served. */
export { checkFields, photoUpload, readPhoto } from './photo-form';
export type { FormPhoto } from './photo-form';
export { deletePhoto, photoUrl, storePhoto } from './photos';
export type { InspectedPhoto } from './photos';
export { registerPhotoRoutes } from './photos.routes';

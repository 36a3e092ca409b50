/**
 * The title typed in edit mode, kept in session storage beside the paid extra time: buying minutes
 * leaves the upload page for the payment page, and the title must be there on the way back. It goes with
 * the edit list (saved, refused as not video, or the list emptied).
 */
const KEY = 'editTitle';

export function readEditTitle(): string {
  try {
    return sessionStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export const saveEditTitle = (title: string) => sessionStorage.setItem(KEY, title);
export const clearEditTitle = () => sessionStorage.removeItem(KEY);

/**
 * The names of the memorial's screens in the funeral home's area and the back office (menus, titles). In
 * a file without schemas: the menus are on every signed-in page, and importing the memorial's contract for
 * three words would put its schemas in the first download.
 */
export const MEMORIAL_AREA_TEXTS = {
  pages: 'Memorial Pages',
  reported: 'Reported Entries',
  takeDown: 'Take Down',
} as const;

/**
 * The headers of every answer whose body is a file someone uploaded or that was made from one (videos,
 * thumbnails, banner images, profile photos, data exports; decision 0275). Opened on its own in a tab,
 * such a file is a document of our origin: `sandbox` gives it a unique origin with scripts, forms and
 * plugins off, `default-src 'none'` lets it load nothing, and `nosniff` keeps a browser from reading it
 * as anything but its declared type. Embedding it in <img> or <video> is not affected.
 */
export const USER_FILE_HEADERS = {
  'content-security-policy': "sandbox; default-src 'none'",
  'x-content-type-options': 'nosniff',
} as const;

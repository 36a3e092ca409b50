/** docs/product.md §13.7: the modal closes in 300 ms and keeps focus inside until then; this lands after it. */
const DIALOG_EXIT_MS = 350;

/** Moves focus to `id` once a closing dialog has let go of it (its opener may no longer exist). */
export function focusAfterDialog(id: string) {
  setTimeout(() => document.getElementById(id)?.focus(), DIALOG_EXIT_MS);
}

import type { ReactNode } from 'react';

/** What a dialog shows and answers: shared by the provider and the modal it loads on first use. */
export type DialogVariant = 'success' | 'question' | 'unsuccessful' | 'noImage' | 'default';

export interface DialogOptions {
  variant: DialogVariant;
  title: string;
  text?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Shows the required "descriptive text" field; the result then carries `text`. */
  descriptiveText?: boolean;
  /**
   * A one-button dialog's optional second step, e.g. 'Rename' after a merge: a secondary button that
   * resolves `{ confirmed: false, extra: true }` (closing the dialog any other way never does).
   */
  extraAction?: string;
}

export interface DialogResult {
  confirmed: boolean;
  text?: string;
  /** The `extraAction` button was pressed. */
  extra?: boolean;
}

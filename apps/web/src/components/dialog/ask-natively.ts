import type { DialogOptions, DialogResult } from './dialog-types';

/**
 * The dialog when the modal's code could not be fetched (the network went): the browser's own alert,
 * confirm or prompt, which needs no download, so the person is still asked and the page goes on. Its
 * text is the title, and the dialog's text when that is plain text.
 */
export function askNatively(options: DialogOptions): DialogResult {
  const message = typeof options.text === 'string' ? `${options.title}\n\n${options.text}` : options.title;
  if (options.descriptiveText) {
    const text = window.prompt(message)?.trim();
    return text ? { confirmed: true, text } : { confirmed: false };
  }
  if (options.variant === 'question' || options.variant === 'default') {
    return { confirmed: window.confirm(message) };
  }
  window.alert(message);
  return { confirmed: true };
}

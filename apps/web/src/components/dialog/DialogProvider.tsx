import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { askNatively } from './ask-natively';

/**
 * The shared dialog system of docs/product.md §13.5. Variants: success and unsuccessful (one button, default 'Ok'),
 * question and default (two buttons, default 'Yes' and 'No'), noImage (one button, no icon).
 * A dialog may hold a required multi-line text field (placeholder 'Type here...') with Submit.
 *
 * The modal itself (react-bootstrap) is loaded the first time a dialog opens, so pages that never open
 * one (such as /home) do not download it (docs/decisions/0288). If it cannot be fetched (the network
 * went), the browser's own dialog asks instead, and the next dialog tries the modal again.
 */
import type { DialogOptions, DialogResult } from './dialog-types';

export type { DialogOptions, DialogResult, DialogVariant } from './dialog-types';

type Open = (options: DialogOptions) => Promise<DialogResult>;

const DialogContext = createContext<Open | null>(null);

const loadDialogModal = () => import('./DialogModal');
const DialogModal = lazy(loadDialogModal);

/**
 * Fetches the dialog's code ahead of its first use, for a page whose dialogs may open after the network
 * went (an upload saved offline), so that the person sees the site's own dialog rather than the
 * browser's. Not done for every page: it would add the dialog to every first visit's download.
 */
export function preloadDialogs(): void {
  loadDialogModal().catch(() => undefined);
}

export function DialogProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<DialogOptions | null>(null);
  const [show, setShow] = useState(false);
  // Bumped per dialog so the modal's text field starts empty each time.
  const [serial, setSerial] = useState(0);
  const resolver = useRef<((result: DialogResult) => void) | null>(null);

  const open = useCallback<Open>(async (options) => {
    // The modal's code first (at once once it has loaded): drawn without it, the page would go blank.
    try {
      await loadDialogModal();
    } catch {
      return askNatively(options);
    }
    // A dialog opened while another is showing replaces it; the first resolves as dismissed.
    resolver.current?.({ confirmed: false });
    return new Promise<DialogResult>((resolve) => {
      resolver.current = resolve;
      setSerial((value) => value + 1);
      setCurrent(options);
      setShow(true);
    });
  }, []);

  const close = useCallback((result: DialogResult) => {
    setShow(false);
    const resolve = resolver.current;
    resolver.current = null;
    resolve?.(result);
  }, []);

  return (
    <DialogContext.Provider value={open}>
      {children}
      {current && (
        <Suspense fallback={null}>
          <DialogModal key={serial} options={current} show={show} onClose={close} />
        </Suspense>
      )}
    </DialogContext.Provider>
  );
}

/** `const dialog = useDialog(); await dialog({ variant: 'success', title: '…' })`. */
export function useDialog(): Open {
  const open = useContext(DialogContext);
  if (!open) throw new Error('useDialog must be used inside <DialogProvider>');
  return open;
}

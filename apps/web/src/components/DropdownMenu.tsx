import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * A small disclosure menu (button + list of links/buttons) without a positioning library: it closes on
 * Escape (focus returns to the button), on a click outside and after an item is chosen.
 */
export function DropdownMenu({
  button,
  buttonLabel,
  buttonClassName = 'btn btn-link',
  align = 'end',
  children,
}: {
  button: ReactNode;
  buttonLabel?: string;
  buttonClassName?: string;
  align?: 'start' | 'end';
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        toggle.current?.focus();
      }
    };
    const onFocus = (event: FocusEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    document.addEventListener('focusin', onFocus);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('focusin', onFocus);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={root}>
      <button
        ref={toggle}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={id}
        aria-label={buttonLabel}
        onClick={() => setOpen((value) => !value)}
      >
        {button}
      </button>
      {/* data-bs-popper="static" lets Bootstrap's CSS place the menu under the button without Popper. */}
      <ul
        id={id}
        className={`dropdown-menu dropdown-menu-${align}${open ? ' show' : ''}`}
        data-bs-popper="static"
      >
        {children(() => setOpen(false))}
      </ul>
    </div>
  );
}

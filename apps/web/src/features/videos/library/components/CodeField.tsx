import { useDialog } from '@/components/dialog/DialogProvider';
import clipboardIcon from 'bootstrap-icons/icons/clipboard.svg?raw';
import { Icon } from '@/components/Icon';

interface CodeFieldProps {
  id: string;
  label: string;
  code: string;
  hint: string;
}

/** A video code with a Copy button (docs/product.md §13.5: 'copied' success alert, or 'Failed to copy!'). */
export function CodeField({ id, label, code, hint }: CodeFieldProps) {
  const dialog = useDialog();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      await dialog({
        variant: 'success',
        title: 'Copied',
        text: `${label} ${code} copied to the clipboard.`,
      });
    } catch {
      await dialog({ variant: 'unsuccessful', title: 'Failed to copy!' });
    }
  };
  return (
    <div className="mb-3">
      <span id={`${id}-label`} className="form-label d-block fw-semibold mb-1">
        {label}
      </span>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <output id={id} aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} className="code-box">
          {code}
        </output>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void copy()}>
          <Icon svg={clipboardIcon} className="me-1" />
          Copy<span className="visually-hidden"> {label.toLowerCase()}</span>
        </button>
      </div>
      <p id={`${id}-hint`} className="small text-body-secondary mb-0 mt-1">
        {hint}
      </p>
    </div>
  );
}

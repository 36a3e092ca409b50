import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import type { MergeAction } from '../api/copy-move';
import questionCircleIcon from 'bootstrap-icons/icons/question-circle.svg?raw';
import { Icon } from '@/components/Icon';

interface MergeActionDialogProps {
  show: boolean;
  count: number;
  busy: boolean;
  error: string | null;
  onChoose: (action: MergeAction) => void;
  onCancel: () => void;
}

/** docs/product.md §13.5: with two or more drafts selected, ask 'Copy' or 'Move' (move cannot be reverted). */
export function MergeActionDialog({ show, count, busy, error, onChoose, onCancel }: MergeActionDialogProps) {
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="merge-dialog-title">
      <Modal.Body className="text-center p-4">
        <Icon svg={questionCircleIcon} className="text-primary dialog-icon" />
        <h2 id="merge-dialog-title" className="h4 mt-2">
          Merge videos
        </h2>
        <p className="text-body-secondary">
          The {count} selected drafts will be joined into one new draft, in the order you selected them.
        </p>
        <ul className="text-start small text-body-secondary">
          <li>
            <strong>Copy</strong> keeps the selected drafts.
          </li>
          <li>
            <strong>Move</strong> removes them. This cannot be reverted.
          </li>
        </ul>
        {error && (
          <p className="text-danger" role="alert">
            {error}
          </p>
        )}
        <div className="d-flex flex-wrap gap-2 justify-content-center">
          <Button variant="outline-secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button variant="outline-primary" onClick={() => onChoose('copy')} disabled={busy}>
            Copy
          </Button>
          <Button onClick={() => onChoose('move')} disabled={busy}>
            Move
          </Button>
        </div>
        {busy && (
          <p className="small mt-3 mb-0" role="status">
            Merging… this can take a moment.
          </p>
        )}
      </Modal.Body>
    </Modal>
  );
}

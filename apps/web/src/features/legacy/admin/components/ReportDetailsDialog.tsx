import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { AdminLegacyItem } from '@pw/contracts';
import { formatWhen } from '@/lib/dates';
import { ownerName, ReportStateBadge, reporterKindLabel } from './format';

/** One report in full, the reporter's note with it (the list shows everything else in its columns). */
export function ReportDetailsDialog({
  item,
  show,
  onClose,
}: {
  item: AdminLegacyItem | null;
  show: boolean;
  onClose: () => void;
}) {
  const fact = (term: string, value: ReactNode) => (
    <>
      <dt className="col-sm-4">{term}</dt>
      <dd className="col-sm-8 text-break">{value}</dd>
    </>
  );
  return (
    <Modal show={show && item !== null} onHide={onClose} centered aria-labelledby="legacy-report-title">
      {item && (
        <>
          <Modal.Body className="p-4">
            <h2 id="legacy-report-title" className="h4 mb-3">
              Report details
            </h2>
            <dl className="row mb-0">
              {fact('Owner', `${ownerName(item)} (${item.owner.email})`)}
              {fact('Reported by', item.reporter_name)}
              {fact('Reporter', reporterKindLabel(item.reporter_kind))}
              {fact('Relation', item.relation)}
              {fact(
                'Note',
                item.note ? (
                  <span style={{ whiteSpace: 'pre-wrap' }}>{item.note}</span>
                ) : (
                  <span className="text-body-secondary">No note</span>
                ),
              )}
              {fact('State', <ReportStateBadge state={item.state} />)}
              {fact('Reported At', formatWhen(item.reported_at))}
              {fact('Release At', formatWhen(item.release_at))}
              {fact('Ended At', item.ended_at ? formatWhen(item.ended_at) : '—')}
            </dl>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary" onClick={onClose} autoFocus>
              Close
            </button>
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}

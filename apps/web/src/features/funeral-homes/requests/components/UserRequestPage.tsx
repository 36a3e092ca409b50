import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import playIcon from 'bootstrap-icons/icons/play-circle.svg?raw';
import { FUNERAL_REQUEST_NOT_FOUND } from '@pw/contracts';
import { Icon } from '@/components/Icon';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { ApiError, errorMessage } from '@/lib/api';
import { formatWhen } from '@/lib/dates';
import { useTitle } from '@/lib/use-title';
import { useUserRequest } from '../api/get-request';
import { hasForm, type UserRequest } from '../model/user-request';
import { BackLink } from '@/components/BackLink';

/** Back to the list (its paging is in its own URL, kept by the browser's history). */
export function BackToRequests({ to = '/funeral/user-requests', label = 'Back to user requests' }) {
  return (
    <BackLink to={to} outlined>
      {label}
    </BackLink>
  );
}

/**
 * A missing request (never this home's, or gone) or one with nothing to show (no video yet) says why,
 * in the server's words; any other failure offers a retry.
 */
export function RequestError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return error instanceof ApiError && (error.status === 404 || error.status === 409) ? (
    <ErrorState message={errorMessage(error, FUNERAL_REQUEST_NOT_FOUND)} />
  ) : (
    <ErrorState onRetry={onRetry} />
  );
}

/** /funeral/user-requests/{id}: who sent it, when, the video if one was granted, and the form. */
export function UserRequestPage() {
  useTitle('User Request');
  const { id = '' } = useParams();
  const request = useUserRequest(id);
  return (
    <div className="container py-4 page-narrow">
      <BackToRequests />
      <h1 className="h2 mb-3">User Request</h1>
      {request.isPending ? (
        <Loading />
      ) : request.isError ? (
        <RequestError error={request.error} onRetry={() => void request.refetch()} />
      ) : (
        <RequestDetail request={request.data} />
      )}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-4">{label}</dt>
      <dd className="col-sm-8 text-break" style={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </dd>
    </>
  );
}

const orNone = (text: string | null) => text || <span className="text-body-secondary">None</span>;

function RequestDetail({ request }: { request: UserRequest }) {
  return (
    <>
      <section className="card mb-3" aria-labelledby="request-from">
        <div className="card-body">
          <h2 id="request-from" className="h5 text-break">
            {request.name}
          </h2>
          <dl className="row mb-0">
            <Row label="Email">
              {/* Empty once the sender deleted their account: the request stays, nobody to write to. */}
              {request.email ? (
                <a href={`mailto:${request.email}`}>{request.email}</a>
              ) : (
                <span className="text-body-secondary">Not available</span>
              )}
            </Row>
            <Row label="Date">{formatWhen(request.created_at)}</Row>
            <Row label="Video">
              {request.video ? (
                <Link to={`/funeral/user-requests/${request.id}/video`} className="btn btn-primary btn-sm">
                  <Icon svg={playIcon} className="me-1" />
                  Watch the video
                </Link>
              ) : (
                <span className="text-body-secondary">No video has been shared with you yet.</span>
              )}
            </Row>
          </dl>
        </div>
      </section>
      <UserSubmittedForm request={request} />
    </>
  );
}

/** docs/product.md §13.3 'User Submitted Form': the family's wishes as they sent them (§13.4 user request fields). */
export function UserSubmittedForm({ request }: { request: UserRequest }) {
  return (
    <section className="card" aria-labelledby="submitted-form">
      <div className="card-body">
        <h2 id="submitted-form" className="h5">
          User Submitted Form
        </h2>
        {hasForm(request) ? (
          <dl className="row mb-0">
            <Row label="Type of Services">{request.funeralPreferences?.typeOfService.name}</Row>
            <Row label="Location of Services">{request.funeralPreferences?.locationOfService.name}</Row>
            <Row label="Officiant/Speaker Preferences">{orNone(request.speaker)}</Row>
            <Row label="Music">{orNone(request.music)}</Row>
            <Row label="Additional Requests">{orNone(request.additional_requests)}</Row>
            <Row label="Specific Rituals">{orNone(request.specific_rituals)}</Row>
            <Row label="Specific Requests">{orNone(request.specific_requests)}</Row>
          </dl>
        ) : (
          <p className="text-body-secondary mb-0">
            No form sent: the family granted you access to the video without a Funeral Home Form.
          </p>
        )}
      </div>
    </section>
  );
}

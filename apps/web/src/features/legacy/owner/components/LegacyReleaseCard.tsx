import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { LegacySettings } from '@pw/contracts';
import { Loading } from '@/components/Loading';
import { ErrorState } from '@/components/status/ErrorState';
import { formatWhen } from '@/lib/dates';
import { useLegacySettings } from '../api/get-settings';
import { useReseal } from '../api/reseal';
import { ResealPanel } from '@/components/legacy/ResealPanel';
import { errorMessage } from '@/lib/api';
import { ReportNotice } from './ReportNotice';
import { SettingsForm } from './SettingsForm';
import { MemorialCard } from './MemorialCard';
import { LEGACY_TEXTS, STATE_TEXTS } from './texts';

function Standing({ settings }: { settings: LegacySettings }) {
  const state = STATE_TEXTS[settings.state];
  return (
    <dl className="mb-4">
      <dt className="small text-body-secondary fw-normal">{LEGACY_TEXTS.standing}</dt>
      <dd className="mb-0" data-testid="legacy-state">
        <strong>{state.name}</strong> — {state.text}
      </dd>
    </dl>
  );
}

function History({ log }: { log: LegacySettings['log'] }) {
  return (
    <section aria-labelledby="legacy-log-heading">
      <h3 id="legacy-log-heading" className="h6">
        {LEGACY_TEXTS.logHeading}
      </h3>
      {log.length === 0 ? (
        <p className="text-body-secondary mb-0">{LEGACY_TEXTS.emptyLog}</p>
      ) : (
        <ul className="list-unstyled mb-0">
          {log.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="py-2 border-bottom">
              <time dateTime={entry.at} className="d-block small text-body-secondary">
                {formatWhen(entry.at)}
              </time>
              <span className="text-break">{entry.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * 'Release of my final message' on the user's profile details (docs/product.md §6, §6.1): the open report
 * first, where the message stands, the settings form (trusted contacts, waiting period, check-ins,
 * available at once) and the log, newest first.
 */
export function LegacyReleaseCard() {
  const query = useLegacySettings();
  const reseal = useReseal();
  const { hash } = useLocation();
  const loaded = query.isSuccess;
  // Other pages link straight to this card (the final folder's 'Release settings'): once it has drawn,
  // it is brought into view, as the browser would for an anchor present at load.
  useEffect(() => {
    if (loaded && hash === '#legacy-heading') document.getElementById('legacy-heading')?.scrollIntoView();
  }, [loaded, hash]);
  return (
    <section className="card mt-4" aria-labelledby="legacy-heading">
      <div className="card-body p-4">
        <h2 id="legacy-heading" className="h5">
          {LEGACY_TEXTS.heading}
        </h2>
        {query.isPending ? (
          <Loading className="py-3" />
        ) : query.isError ? (
          <ErrorState onRetry={() => void query.refetch()} />
        ) : (
          <>
            {query.data.open_report && (
              <ReportNotice
                report={query.data.open_report}
                id="legacy-report-card"
                level="h3"
                className="mb-3"
              />
            )}
            {(query.data.state === 'released' || reseal.data) && (
              <ResealPanel
                releasedAt={null}
                pending={reseal.isPending}
                error={reseal.isError ? errorMessage(reseal.error) : null}
                outcome={reseal.data}
                onSeal={() => reseal.mutate()}
              />
            )}
            <p className="text-body-secondary">{LEGACY_TEXTS.intro}</p>
            <Standing settings={query.data} />
            <SettingsForm settings={query.data} />
            <hr className="my-4" />
            <MemorialCard />
            <hr className="my-4" />
            <History log={query.data.log} />
          </>
        )}
      </div>
    </section>
  );
}

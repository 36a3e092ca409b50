import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useDialog } from '@/components/dialog/DialogProvider';
import { editList } from '@/lib/edit-list/edit-list-store';
import { terminateUpload } from '@/lib/recordings/live-upload';
import type { RecordingMeta, RecordingStore } from '@/lib/recordings/recording-store';
import { unsavedRecordings, unsavedSentence } from '@/lib/recordings/recovery';

export const RECOVERY_TEXTS = {
  discardTitle: 'Discard this recording?',
  discardText: 'It is deleted from this device and cannot be brought back.',
  gone: 'This recording is no longer on this device.',
  notVideo: 'What was kept of this recording is not a video that can be saved.',
} as const;

/**
 * docs/product.md §4.5: the recordings of this account that a closed tab, a crash or a sign-out left on the
 * device, each offered back: Keep sends it the way Save does (to the edit list, then the upload screen),
 * Discard deletes it after one question.
 */
export function RecoveryOffers({
  store,
  accountId,
  onKeep,
}: {
  store: RecordingStore;
  accountId: string | null;
  onKeep: (file: File) => Promise<void>;
}) {
  const dialog = useDialog();
  const [offers, setOffers] = useState<RecordingMeta[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void (async () => {
      const list = editList();
      await list.load();
      const found = await unsavedRecordings(store, {
        accountId,
        inEditList: new Set(list.snapshot().map((item) => item.name)),
      }).catch(() => []);
      if (current) setOffers(found);
    })();
    return () => {
      current = false;
    };
  }, [store, accountId]);

  const drop = (id: string) => setOffers((list) => list.filter((meta) => meta.id !== id));

  const keep = async (meta: RecordingMeta) => {
    setBusy(meta.id);
    setProblem(null);
    try {
      const file = await store.file(meta.id);
      if (!file) {
        setProblem(RECOVERY_TEXTS.gone);
        drop(meta.id);
        return;
      }
      await onKeep(file);
    } catch (error) {
      setProblem(error instanceof Error && error.message ? error.message : RECOVERY_TEXTS.notVideo);
    } finally {
      setBusy(null);
    }
  };

  const discard = async (meta: RecordingMeta) => {
    const answer = await dialog({
      variant: 'question',
      title: RECOVERY_TEXTS.discardTitle,
      text: RECOVERY_TEXTS.discardText,
      confirmText: 'Discard',
      cancelText: 'Keep it',
    });
    if (!answer.confirmed) return;
    // What the server had of it goes too (offline, the server sweeps it after a day).
    if (meta.uploadUrl) void terminateUpload(meta.uploadUrl);
    await store.remove(meta.id);
    drop(meta.id);
  };

  if (offers.length === 0 && !problem) return null;
  return (
    <div className="mb-3" data-testid="recovery-offers">
      {problem && (
        <Alert variant="danger" role="alert">
          {problem}
        </Alert>
      )}
      {offers.map((meta) => (
        <Alert key={meta.id} variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{unsavedSentence(meta)}</span>
          <Button size="sm" disabled={busy !== null} onClick={() => void keep(meta)}>
            Keep it
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            disabled={busy !== null}
            onClick={() => void discard(meta)}
          >
            Discard
          </Button>
        </Alert>
      ))}
    </div>
  );
}

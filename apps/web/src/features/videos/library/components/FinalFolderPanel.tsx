import { Link } from 'react-router';
import { useReleaseState } from '../api/get-release-state';
import { FolderVideoList } from './FolderVideoList';
import { RELEASE_SETTINGS_PATH, RELEASE_STATE_LINES } from './final-folder-texts';

function ReleaseStateLine() {
  const state = useReleaseState();
  return (
    <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3" data-testid="release-state">
      <span>
        {state.isPending
          ? 'Reading when your message is released…'
          : state.isError
            ? 'Where your message stands could not be read.'
            : RELEASE_STATE_LINES[state.data]}
      </span>
      <Link to={RELEASE_SETTINGS_PATH}>Release settings and trusted contacts</Link>
    </div>
  );
}

/** The 'My Parting Words' tab: when the final message is released, with the way to its settings. */
export function FinalFolderPanel() {
  return (
    <>
      <ReleaseStateLine />
      <FolderVideoList folder="final" />
    </>
  );
}

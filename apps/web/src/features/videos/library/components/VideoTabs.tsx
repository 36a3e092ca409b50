import { useSearchParams } from 'react-router';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { folderFromRoute, FOLDER_ROUTES } from '../model/folders';
import { DraftsPanel } from './DraftsPanel';
import { FinalFolderPanel } from './FinalFolderPanel';
import { FolderVideoList } from './FolderVideoList';
import { ScheduledVideoCard } from './VideoCard';
import './library.scss';
import { videoFolderLabels } from '@pw/contracts';

/**
 * The video tabs of /user/profile (docs/product.md §13.3): 'My Parting Words' (default), 'Scheduled folder',
 * 'Drafts'. The open tab is kept in ?tab= so Back from a video returns to the same tab.
 */
export function VideoTabs() {
  const [params, setParams] = useSearchParams();
  const active = folderFromRoute(params.get('tab')) ?? 'final';
  return (
    <section aria-labelledby="my-videos-heading" className="mt-4">
      <h2 id="my-videos-heading" tabIndex={-1} className="visually-hidden">
        My videos
      </h2>
      <Tabs
        id="video-folders"
        activeKey={FOLDER_ROUTES[active]}
        onSelect={(key) => {
          const next = folderFromRoute(key);
          if (!next) return;
          setParams(next === 'final' ? {} : { tab: FOLDER_ROUTES[next] }, { replace: true });
        }}
        className="mb-3 flex-nowrap overflow-x-auto overflow-y-hidden"
        mountOnEnter
      >
        <Tab eventKey={FOLDER_ROUTES.final} title={videoFolderLabels.final}>
          <FinalFolderPanel />
        </Tab>
        <Tab eventKey={FOLDER_ROUTES.scheduled} title="Scheduled folder">
          <FolderVideoList folder="scheduled" renderVideo={(video) => <ScheduledVideoCard video={video} />} />
        </Tab>
        <Tab eventKey={FOLDER_ROUTES.draft} title={videoFolderLabels.draft}>
          <DraftsPanel />
        </Tab>
      </Tabs>
    </section>
  );
}

import { useEffect } from 'react';
import { preloadDialogs } from '@/components/dialog/DialogProvider';
import { Loading } from '@/components/Loading';
import { useEditList } from '@/lib/edit-list/use-edit-list';
import { useGoBack } from '@/lib/use-go-back';
import { useTitle } from '@/lib/use-title';
import { folderTabPath } from '@/lib/videos';
import { ChooseSource } from './ChooseSource';
import { EditMode } from './EditMode';
import { useUploadService } from './use-upload-flow';
import { clearEditTitle } from '../model/edit-title';
import { clearEditTrims } from '@/lib/edit-list/edit-trims';
import './upload.scss';

/** Where "back" leads when the upload page was opened directly and nothing was saved. */
const FALLBACK_BACK = '/user/profile';

/**
 * /user/video/upload and /user/profile/edit-videos (docs/product.md §13.3 'Edit/upload screen'): edit mode when the
 * stored edit list holds clips, otherwise the record/upload choice.
 */
export function UploadPage() {
  useTitle('Upload');
  const { items, loaded, store } = useEditList();
  const service = useUploadService();
  const goBack = useGoBack(FALLBACK_BACK);
  const empty = loaded && items.length === 0;
  // Saving asks through dialogs, and a recording may be saved after the network went.
  useEffect(() => preloadDialogs(), []);
  // No clips, no video to name: a title typed for an earlier list does not come back with the next one.
  useEffect(() => {
    if (empty) clearEditTitle();
    if (empty) clearEditTrims();
  }, [empty]);

  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h2 mb-3">{items.length > 0 ? 'Edit your video' : 'Upload Your Video'}</h1>
      {!loaded ? (
        <Loading label="Loading your clips…" />
      ) : items.length > 0 ? (
        <EditMode
          items={items}
          store={store}
          flow={{
            service,
            // Back one page as the contract says; opened directly, the page opens the folder the video
            // was saved in, where it is listed (not whichever tab happens to be the default).
            onSaved: ({ folder }) => {
              void store.clear().then(() => goBack(folderTabPath(folder)));
            },
            onFileError: () => {
              clearEditTitle();
              clearEditTrims();
              void store.clear();
            },
          }}
        />
      ) : (
        <ChooseSource store={store} />
      )}
    </div>
  );
}

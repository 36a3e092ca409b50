import { useTitle } from '@/lib/use-title';
import { useFindBySearchCode } from '../api/find-by-search-code';
import { CodeLookupForm } from './CodeLookupForm';
import { FoundVideo } from './FoundVideo';

/** /user/search: find a public video by its video code. */
export function SearchPage() {
  useTitle('Search');
  const lookup = useFindBySearchCode();
  return (
    <div className="container py-4 page-narrow">
      <h1 className="h3 mb-3">Find a video</h1>
      <CodeLookupForm
        label="Video code"
        hint="Enter the code someone shared with you to watch their public video."
        lookup={lookup}
        resultPath="/user/search/video"
      />
    </div>
  );
}

/** /user/search/video: the video found by its code, with likes. */
export function SearchVideoPage() {
  return <FoundVideo kind="search" backTo="/user/search" backLabel="Find another video" likes />;
}

import { useTitle } from '@/lib/use-title';
import { useFindByAccessCode } from '../api/find-by-access-code';
import { CodeLookupForm } from './CodeLookupForm';
import { FoundVideo } from './FoundVideo';

/** /user/access-code: open the Parting Words video someone entrusted to you with its access code. */
export function AccessCodePage() {
  useTitle('Access Code');
  const lookup = useFindByAccessCode();
  return (
    <div className="container py-4 page-narrow">
      <h1 className="h3 mb-3">Access code</h1>
      <CodeLookupForm
        label="Video access code"
        hint="Enter the access code you were given to watch the Parting Words left for you."
        lookup={lookup}
        resultPath="/user/access-code/video"
      />
    </div>
  );
}

/** /user/access-code/video: the final video the access code belongs to. */
export function AccessCodeVideoPage() {
  return <FoundVideo kind="access" backTo="/user/access-code" backLabel="Enter another code" />;
}

import { Link } from 'react-router';
import upload from 'bootstrap-icons/icons/cloud-arrow-up.svg?raw';
import { Icon } from '../../components/Icon';
import { useSessionUser } from '../../lib/session';
import { useTitle } from '../../lib/use-title';

/** /user and /user/home: a welcome and the 'Upload Your Video' button (the video reel comes later). */
export function UserHomePage() {
  useTitle('Home');
  const user = useSessionUser();
  return (
    <div className="container py-5">
      <div className="card p-4 p-md-5 text-center mx-auto page-narrow-lg">
        <p className="eyebrow">Parting Words</p>
        <h1 className="h2">Welcome{user?.first_name ? `, ${user.first_name}` : ''}</h1>
        <p className="lead text-body-secondary">
          Whenever you are ready, record or upload a message for the people you love. It stays private until
          you decide otherwise.
        </p>
        <div>
          <Link to="/user/video/upload" className="btn btn-primary btn-lg">
            <Icon svg={upload} className="me-2" />
            Upload Your Video
          </Link>
        </div>
      </div>
    </div>
  );
}

import { Link, useParams } from 'react-router';
import { useTitle } from '@/lib/use-title';
import { useAdminUser } from '../api/get-account';
import { ACCOUNT_AREAS, partingWordsPath } from '../model/account-areas';
import { AccountDetailsFrame } from './AccountDetailsFrame';
import { AccountStatusControl } from './AccountStatusControl';
import { fullName } from './format';
import { ProfileFacts } from './ProfileFacts';
import { SubscriptionTable } from './SubscriptionTable';

const area = ACCOUNT_AREAS.users;

/**
 * /admin/user-management/details/{id} (docs/product.md §9.2, §13.4): the profile, the subscriptions of each kind
 * and the button to the user's final message ('Not Available' beside it when there is none).
 */
export function UserDetailsPage() {
  useTitle('User Details');
  const { id = '' } = useParams();
  const query = useAdminUser(id);
  const user = query.data;
  return (
    <AccountDetailsFrame
      back={{ to: area.base, label: 'Back to users' }}
      title="User Details"
      missing="This user does not exist."
      query={query}
      actions={
        user && (
          <div className="d-flex align-items-center gap-2">
            {!user.has_parting_words && <span className="text-body-secondary small">Not Available</span>}
            <Link to={partingWordsPath(user.id)} className="btn btn-primary">
              Parting Words
            </Link>
          </div>
        )
      }
    >
      {() =>
        user && (
          <>
            <ProfileFacts
              profile={user}
              status={
                <AccountStatusControl
                  area={area}
                  id={user.id}
                  name={fullName(user)}
                  active={user.status === 1}
                />
              }
            />
            <SubscriptionTable title="Time Subscription" subscriptions={user.user_time_subscription} />
            <SubscriptionTable title="Ad-Free Subscription" subscriptions={user.user_ad_subscription} />
            <SubscriptionTable title="Funeral Subscription" subscriptions={user.funeral_subscription} />
          </>
        )
      }
    </AccountDetailsFrame>
  );
}

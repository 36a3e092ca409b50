import { useParams } from 'react-router';
import { useTitle } from '@/lib/use-title';
import { useAdminFuneralHome } from '../api/get-account';
import { ACCOUNT_AREAS } from '../model/account-areas';
import { AccountDetailsFrame } from './AccountDetailsFrame';
import { AccountStatusControl } from './AccountStatusControl';
import { ProfileFacts } from './ProfileFacts';
import { SubscriptionTable } from './SubscriptionTable';

const area = ACCOUNT_AREAS['funeral-homes'];

/** /admin/funeral-homes-management/details/{id} (docs/product.md §9.2, §13.4): the home and its plans. */
export function FuneralHomeDetailsPage() {
  useTitle('Funeral Home Details');
  const { id = '' } = useParams();
  const query = useAdminFuneralHome(id);
  const home = query.data;
  return (
    <AccountDetailsFrame
      back={{ to: area.base, label: 'Back to funeral homes' }}
      title="Funeral Home Details"
      missing="This funeral home does not exist."
      query={query}
    >
      {() =>
        home && (
          <>
            <ProfileFacts
              profile={home}
              before={
                <>
                  <dt className="col-sm-4">Home Name</dt>
                  <dd className="col-sm-8 text-break">{home.home_name}</dd>
                </>
              }
              status={
                <AccountStatusControl
                  area={area}
                  id={home.id}
                  name={home.home_name}
                  active={home.status === 1}
                />
              }
            />
            <SubscriptionTable title="Funeral Home Subscription" subscriptions={home.funeral_subscription} />
          </>
        )
      }
    </AccountDetailsFrame>
  );
}

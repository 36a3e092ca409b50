import type { ReactNode } from 'react';
import { Link } from 'react-router';
import arrowLeftIcon from 'bootstrap-icons/icons/arrow-left.svg?raw';
import { Icon } from '@/components/Icon';

/**
 * The way back above a page's title: a left arrow and where it leads ('Back', 'Banner Ads Logs'). A plain link
 * by default; `outlined` for the small outlined button some pages show.
 */
export function BackLink({
  to,
  outlined,
  children,
}: {
  to: string;
  outlined?: boolean;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={outlined ? 'btn btn-outline-secondary btn-sm mb-3' : 'btn btn-link px-0 mb-2'}>
      <Icon svg={arrowLeftIcon} className="me-1" />
      {children}
    </Link>
  );
}

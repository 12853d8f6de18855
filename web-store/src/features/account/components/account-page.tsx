/** /account: the school's profile. */
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/auth';
import { formatDate } from '../../../lib/format-date';
import { PageTitle } from '../../../components/page-title';
import { Avatar } from '../../../components/avatar';
import { Loading } from '../../../components/query-state';
import { CalendarFeedCard } from './calendar-feed-card';
import './account-page.css';

export function AccountPage() {
  const me = useCurrentUser();
  if (!me.data) return <Loading />;
  const user = me.data;
  return (
    <section className="page page--narrow">
      <PageTitle title="My Profile" />
      <h1>My Profile</h1>
      <div className="card profile">
        <Avatar url={user.avatar?.url} name={user.name} />
        <dl className="details">
          <dt>School Name</dt>
          <dd>{user.name}</dd>
          <dt>Login ID</dt>
          <dd>{user.email}</dd>
          <dt>Address</dt>
          <dd>{user.address || '-'}</dd>
          <dt>District</dt>
          <dd>{user.district || '-'}</dd>
          <dt>Joined On</dt>
          <dd>{formatDate(user.createdAt)}</dd>
        </dl>
        <div className="actions">
          <Link to="/me/update" className="button">
            Edit Profile
          </Link>
          <Link to="/password/update" className="button button--ghost">
            Change code
          </Link>
          <Link to="/orders" className="button button--ghost">
            My Orders
          </Link>
        </div>
      </div>
      {user.role === 'user' ? <CalendarFeedCard /> : null}
    </section>
  );
}

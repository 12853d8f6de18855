import { Link } from 'react-router-dom';
import { UI_MESSAGES } from '@lr/contracts';
import { PageTitle } from '../../../components/page-title';

/** /success (spec 2.5). */
export function SuccessPage() {
  return (
    <section className="page page--narrow success">
      <PageTitle title="Order Placed" />
      <div className="success__icon" aria-hidden="true">
        ✓
      </div>
      <h1>{UI_MESSAGES.orderPlaced}</h1>
      <div className="actions">
        <Link to="/orders" className="button">
          Display All Orders
        </Link>
        <Link to="/home" className="button button--ghost">
          Place New Order
        </Link>
      </div>
    </section>
  );
}

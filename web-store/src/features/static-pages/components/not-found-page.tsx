import { Link } from 'react-router-dom';
import { PageTitle } from '../../../components/page-title';

export function NotFoundPage() {
  return (
    <section className="page page--narrow">
      <PageTitle title="Page not found" />
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <Link to="/" className="button">
        Go to the start page
      </Link>
    </section>
  );
}

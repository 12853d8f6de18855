import { config } from '../../../lib/config';
import { PageTitle } from '../../../components/page-title';
import './prose.css';

/** /contact: a mail link button. */
export function ContactPage() {
  return (
    <section className="page page--narrow prose">
      <PageTitle title="Contact" />
      <h1>Contact Us</h1>
      <p>Questions about an order, a donation or volunteering? Write to us.</p>
      <a className="button" href={`mailto:${config.contactEmail}`}>
        Mail: {config.contactEmail}
      </a>
    </section>
  );
}

import { PageTitle } from '../../../components/page-title';
import './prose.css';

/** /termsofuse. */
export function TermsPage() {
  return (
    <section className="page prose">
      <PageTitle title="Terms of Use" />
      <h1>Terms of Use</h1>
      <ul>
        <li>You cannot request a particular style, colour or brand.</li>
        <li>Icons and pictures are only graphical representations of the items.</li>
        <li>Items are only for supplying students, not for personal use.</li>
        <li>Supplies are limited and the requested amount is not guaranteed.</li>
      </ul>
    </section>
  );
}

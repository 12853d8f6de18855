import { PageTitle } from '../../../components/page-title';
import './prose.css';

/** /privacypolicy. */
export function PrivacyPage() {
  return (
    <section className="page prose">
      <PageTitle title="Privacy Policy" />
      <h1>Privacy Policy</h1>
      <ul>
        <li>School name, address and phone are processed only to provide donations.</li>
        <li>The teacher's name and the student id identify who receives the items.</li>
        <li>Age and gender help our volunteers choose suitable items.</li>
        <li>Only the school name and address are retained.</li>
      </ul>
    </section>
  );
}

import type { PrivacyTerms } from '@lr/contracts';
import { PageTitle } from '../../../components/page-title';
import { ErrorView, Loading } from '../../../components/query-state';
import { usePrivacyTerms } from '../api/get-privacy-terms';
import './prose.css';

/** "30 days after", or "as soon as" when the server keeps nothing past the end of a request. */
export function afterDays(days: number): string {
  if (days === 0) return 'as soon as';
  return `${days} ${days === 1 ? 'day' : 'days'} after`;
}

/**
 * /privacypolicy: what is kept, for how long, who can see it, who saw it, and how to ask
 * for a copy or erasure. The periods and the contact come from the server's configuration.
 */
export function PrivacyPage() {
  const terms = usePrivacyTerms();
  return (
    <section className="page prose">
      <PageTitle title="Privacy Policy" />
      <h1>Privacy Policy</h1>
      {terms.isPending ? <Loading /> : null}
      {terms.error ? <ErrorView error={terms.error} onRetry={() => void terms.refetch()} /> : null}
      {terms.data ? <PrivacyText terms={terms.data} /> : null}
    </section>
  );
}

function PrivacyText({ terms }: { terms: PrivacyTerms }) {
  const mailto = `mailto:${terms.contactEmail}`;
  return (
    <>
      <h2>What we keep</h2>
      <ul>
        <li>School name, address and phone are processed only to provide donations.</li>
        <li>The teacher&apos;s name and the student id identify who receives the items.</li>
        <li>Age and gender help our volunteers choose suitable items.</li>
        <li>
          With each request we also keep the items, quantities, dates and its status, and whether
          the school confirmed at checkout that it may share the student&apos;s details.
        </li>
      </ul>

      <h2>For how long</h2>
      <p>
        The student id, age and gender, the teacher&apos;s name, phone and e-mail, and any comments
        are erased {afterDays(terms.studentDataRetentionDays)} a request is delivered; a request
        that is deleted is removed at once. After that only the school name and address, the items,
        quantities, dates and statuses are retained.
      </p>

      <h2>Who can see it</h2>
      <ul>
        <li>A school sees only its own requests.</li>
        <li>
          Our volunteers see what they need to pick and pack: the student id, age, gender and sizes.
          They see the teacher&apos;s phone and e-mail only when they open them to reach the school
          about a request.
        </li>
        <li>The charity&apos;s administrators see every request.</li>
      </ul>

      <h2>Who saw it</h2>
      <p>
        Every time a volunteer or an administrator is shown a student&apos;s details, we record who,
        when, which requests and from which network address. This access log holds no student
        details and is kept for {terms.accessLogRetentionDays}{' '}
        {terms.accessLogRetentionDays === 1 ? 'day' : 'days'}.
      </p>

      <h2>A copy or erasure on request</h2>
      <p>
        A school may ask for a copy of everything we hold about one of its students or about the
        school, or for a student&apos;s details to be erased now. Write to{' '}
        <a href={mailto}>{terms.contactEmail}</a> from the school&apos;s address, naming the school
        and the order number or student id.
      </p>
    </>
  );
}

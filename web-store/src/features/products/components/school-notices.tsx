/** The charity's notices on /home for a signed-in school, each with Dismiss. */
import type { Notice } from '@lr/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { useDismissNotice, useNotices } from '../api/notices';
import './school-notices.css';

function NoticeItem({ notice, onDismiss }: { notice: Notice; onDismiss(): void }) {
  const label = notice.level === 'warning' ? 'Important' : 'Notice';
  return (
    <li className={`school-notice school-notice--${notice.level}`}>
      <p>
        <strong>{label}: </strong>
        <span className="school-notice__text">{notice.text}</span>
      </p>
      <button
        type="button"
        className="button button--ghost"
        onClick={onDismiss}
        aria-label={`Dismiss notice: ${notice.text.slice(0, 60)}`}
      >
        Dismiss
      </button>
    </li>
  );
}

export function SchoolNotices() {
  const me = useCurrentUser();
  const notices = useNotices(Boolean(me.data));
  const dismiss = useDismissNotice();
  if (!notices.data || notices.data.length === 0) return null;
  return (
    <section aria-label="Notices from the charity">
      <ul className="school-notices">
        {notices.data.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} onDismiss={() => dismiss.mutate(notice.id)} />
        ))}
      </ul>
    </section>
  );
}

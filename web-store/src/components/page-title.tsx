import { useEffect } from 'react';

/** Sets the tab title, the way each screen of the old app did. */
export function PageTitle({ title }: { title: string }) {
  useEffect(() => {
    document.title = `${title} | Locker Room 345`;
  }, [title]);
  return null;
}

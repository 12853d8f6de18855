/**
 * The original app's admin paths live in the react-admin console at /admin/ (hash routing): a full-page
 * navigation opens the matching console page.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';

export function consoleUrl(hashPath: string): string {
  return `/admin/#${hashPath.startsWith('/') ? hashPath : `/${hashPath}`}`;
}

export function ConsoleRedirect({
  to,
}: {
  to: (params: Record<string, string | undefined>) => string;
}) {
  const params = useParams();
  const target = consoleUrl(to(params));
  useEffect(() => {
    window.location.assign(target);
  }, [target]);
  return (
    <p className="page">
      Opening the console... <a href={target}>Continue</a>
    </p>
  );
}

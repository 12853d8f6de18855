/**
 * A skip link that moves focus itself: a plain #hash link would only scroll, and the router would
 * take the hash as a navigation.
 */
import type { MouseEvent } from 'react';

export function SkipLink({ target, children }: { target: string; children: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const element = document.getElementById(target);
    if (!element) return;
    event.preventDefault();
    if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
    element.focus();
    element.scrollIntoView({ block: 'start' });
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={onClick}>
      {children}
    </a>
  );
}

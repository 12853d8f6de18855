/**
 * After a route change, keyboard and screen-reader users start from the new page's main heading
 * (as on a full page load), not from the link they pressed on the old page. Pages load lazily and
 * fetch their data, so the heading is awaited for a short while. Error toasts of the old page are
 * dismissed: they were about a form that is no longer on screen.
 *
 * Redirects that only finish landing the first page (`/` to /about or /home) are part of the page
 * load, not a move the person made: focus stays at the top of the page, so the skip link, the
 * header and Login come first on Tab, as on any page load.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { useToast } from '../components/toast';

const WAIT_FOR_HEADING_MS = 3000;

export function focusMainHeading(): boolean {
  const active = document.activeElement;
  // A dialog that opened with the page (the /home notice) keeps the focus it took.
  if (active instanceof HTMLElement && active.closest('dialog')) return true;
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return false;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  return true;
}

export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const toast = useToast();
  const first = useRef(true);
  const landing = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (landing.current && navigationType === 'REPLACE') return;
    landing.current = false;
    toast.dismissErrors();
    if (focusMainHeading()) return;
    const main = document.querySelector('main');
    if (!main) return;
    const observer = new MutationObserver(() => {
      if (focusMainHeading()) stop();
    });
    const timer = setTimeout(() => stop(), WAIT_FOR_HEADING_MS);
    function stop() {
      observer.disconnect();
      clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
    // navigationType is read with the path it came with: a change of it alone moves nothing.
  }, [pathname, toast]);
}

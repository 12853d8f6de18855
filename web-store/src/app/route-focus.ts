/**
 * After a route change, keyboard and screen-reader users start from the new page's main heading
 * (as on a full page load), not from the link they pressed on the old page. Pages load lazily and
 * fetch their data, so the heading is awaited for a short while. Error toasts of the old page are
 * dismissed: they were about a form that is no longer on screen.
 *
 * Route changes before the person has pressed a key or a pointer are redirects that finish landing
 * the first page (`/` to /about or /home, a guard's /login): part of the page load, not a move the
 * person made. Focus stays at the top of the page, so the skip link, the header and Login come
 * first on Tab, as on any page load.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
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
  const toast = useToast();
  const first = useRef(true);
  const landing = useRef(true);

  useEffect(() => {
    const landed = () => {
      landing.current = false;
    };
    const options = { capture: true, once: true } as const;
    document.addEventListener('pointerdown', landed, options);
    document.addEventListener('keydown', landed, options);
    return () => {
      document.removeEventListener('pointerdown', landed, options);
      document.removeEventListener('keydown', landed, options);
    };
  }, []);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (landing.current) return;
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
  }, [pathname, toast]);
}

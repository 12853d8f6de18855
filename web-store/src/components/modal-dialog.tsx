/**
 * A modal on the native <dialog> element, open while mounted. The browser makes the rest of the
 * page inert; this adds what it leaves to us: Tab and Shift+Tab wrap inside the dialog, and on
 * close focus goes back to the control that had it before, so a keyboard user keeps their place.
 * A dialog that opened with the page (nothing had focus) hands focus to the page's main heading
 * instead of dropping it to the top of the document.
 */
import { useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './modal-dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  labelledBy: string;
  /** Escape calls this; without it Escape does nothing (a notice that must be acknowledged). */
  onCancel?: () => void;
  className?: string;
  children: ReactNode;
}

function focusablesIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
}

function returnFocus(before: HTMLElement | null): void {
  if (before?.isConnected && before !== document.body) {
    before.focus();
    return;
  }
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

export function ModalDialog({ labelledBy, onCancel, className, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal; the open attribute stands in for it there.
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    if (!dialog.contains(document.activeElement)) {
      const first =
        dialog.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ??
        focusablesIn(dialog)[0];
      first?.focus();
    }
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      returnFocus(before);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !ref.current) return;
    const items = focusablesIn(ref.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={labelledBy}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onCancel?.();
      }}
    >
      {children}
    </dialog>
  );
}

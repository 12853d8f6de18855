/** A modal yes/no question on the native <dialog> element (focus trap and Escape for free). */
import { useEffect, useRef } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // jsdom has no showModal; fall back to the open attribute there.
    if (props.open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!props.open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [props.open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby="confirm-dialog-title"
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      {props.open && (
        <>
          <h2 id="confirm-dialog-title">{props.title}</h2>
          <p>{props.message}</p>
          <div className="dialog__actions">
            <button type="button" className="button button--ghost" onClick={props.onCancel}>
              {props.cancelLabel ?? 'No'}
            </button>
            <button
              type="button"
              className="button button--danger"
              onClick={props.onConfirm}
              disabled={props.busy}
            >
              {props.confirmLabel ?? 'Yes'}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}

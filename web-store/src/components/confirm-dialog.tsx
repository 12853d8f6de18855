/** A modal yes/no question (focus handling in ModalDialog). */
import { ModalDialog } from './modal-dialog';

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
  if (!props.open) return null;
  return (
    <ModalDialog labelledBy="confirm-dialog-title" onCancel={props.onCancel}>
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
    </ModalDialog>
  );
}

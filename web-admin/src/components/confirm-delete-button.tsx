import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import {
  Button,
  Confirm,
  useDelete,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
} from 'react-admin';
import { errorMessage } from '../http';

interface ConfirmDeleteButtonProps {
  /** Dialog title, e.g. 'Delete User'. */
  title: string;
  /** Dialog question, one of the original delete confirmations. */
  content: string;
  /** Toast after success; omitted when the original app had none. */
  successMessage?: string;
  /** Where to go after deleting; stays (and refreshes the list) when omitted. */
  redirectTo?: string;
  label?: string;
}

/** Delete with a Yes/No dialog, always pessimistic so the server's refusal is shown and nothing vanishes. */
export function ConfirmDeleteButton({
  title,
  content,
  successMessage,
  redirectTo,
  label = 'Delete',
}: ConfirmDeleteButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const [open, setOpen] = useState(false);
  const [remove, { isPending }] = useDelete();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record || !resource) return null;

  function confirm() {
    setOpen(false);
    void remove(
      resource!,
      { id: record!.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          if (successMessage) notify(successMessage, { type: 'success' });
          if (redirectTo) redirect(redirectTo);
        },
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  }

  return (
    <>
      <Button
        label={label}
        color="error"
        disabled={isPending}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        title={title}
        content={content}
        confirm="Yes"
        cancel="No"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

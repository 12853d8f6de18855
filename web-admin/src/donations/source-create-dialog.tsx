import { useState, type FormEvent } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useCreate, useCreateSuggestionContext, useNotify } from 'react-admin';
import { DONATION_SOURCE_KINDS, type DonationSourceDto } from '@lr/contracts';
import { errorMessage } from '../http';

export const SOURCE_KIND_CHOICES = DONATION_SOURCE_KINDS.map((k) => ({ id: k, name: k }));

/**
 * A new donation source from the Source picker: the typed name, and its kind asked for (the report
 * counts items received by kind, so a source must not silently become "other").
 */
export function SourceCreateDialog() {
  const { filter, onCancel, onCreate } = useCreateSuggestionContext();
  const [name, setName] = useState(filter ?? '');
  const [kind, setKind] = useState('');
  const [create, { isPending }] = useCreate<DonationSourceDto>();
  const notify = useNotify();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim() || !kind) return;
    void create(
      'donation-sources',
      { data: { name: name.trim(), kind: kind as DonationSourceDto['kind'] } },
      {
        onSuccess: (source) => onCreate(source),
        onError: (error) => notify(errorMessage(error), { type: 'error' }),
      },
    );
  }

  return (
    <Dialog open onClose={onCancel} aria-labelledby="new-source-title" fullWidth maxWidth="xs">
      <form onSubmit={submit}>
        <DialogTitle id="new-source-title">New donation source</DialogTitle>
        <DialogContent>
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            fullWidth
            margin="normal"
            autoFocus
          />
          <TextField
            select
            label="Kind"
            value={kind}
            onChange={(event) => setKind(event.target.value)}
            required
            fullWidth
            margin="normal"
            helperText="The report counts items received by kind"
          >
            {SOURCE_KIND_CHOICES.map((choice) => (
              <MenuItem key={choice.id} value={choice.id}>
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={isPending || !name.trim() || !kind}>
            Add source
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

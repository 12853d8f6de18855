import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { formatDateTime, formatDay } from '../lib/date-format';

/** A date field in the original MM-DD-YYYY hh:mm a format. */
export function DateTimeField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record ? (record[source] as string | undefined) : undefined;
  return (
    <Typography component="span" variant="body2">
      {formatDateTime(value)}
    </Typography>
  );
}

/** A calendar day (a donation's received-on day) as MM-DD-YYYY. */
export function DayField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record ? (record[source] as string | undefined) : undefined;
  return (
    <Typography component="span" variant="body2">
      {formatDay(value)}
    </Typography>
  );
}

import { Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { roleColor } from '../lib/role-colors';

/** Role cell coloured as in the original app: admin green, user red, volunteer blue. */
export function RoleField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ role?: string }>();
  if (!record?.role) return null;
  return (
    <Typography
      component="span"
      variant="body2"
      data-testid="role-cell"
      sx={{ color: roleColor(record.role), fontWeight: 600, textTransform: 'capitalize' }}
    >
      {record.role}
    </Typography>
  );
}

import { Chip } from '@mui/material';
import { useRecordContext } from 'react-admin';
import { detailStatusColor, listStatusColor } from '../lib/status-colors';

export function StatusChip({ status, detail = false }: { status: string; detail?: boolean }) {
  const color = detail ? detailStatusColor(status) : listStatusColor(status);
  return <Chip size="small" label={status} color={color} data-testid="status-chip" />;
}

/** The orders list's status column: Delivered green, Ready for Pickup blue, others red. */
export function StatusField(_props: { source?: string; label?: string }) {
  const record = useRecordContext<{ orderStatus?: string }>();
  if (!record?.orderStatus) return null;
  return <StatusChip status={record.orderStatus} />;
}

/**
 * Order status as the school sees it: Printed is shown as Processing; Delivered green, Ready for
 * Pickup blue on lists and yellow on the details page, every other status red.
 */
import { statusShownToSchool, type OrderStatus } from '@lr/contracts';
import './status-chip.css';

export type StatusColour = 'green' | 'blue' | 'yellow' | 'red';

export function statusColour(status: OrderStatus, place: 'list' | 'details'): StatusColour {
  const shown = statusShownToSchool(status);
  if (shown === 'Delivered') return 'green';
  if (shown === 'Ready for Pickup') return place === 'details' ? 'yellow' : 'blue';
  return 'red';
}

export function StatusChip({ status, place }: { status: OrderStatus; place: 'list' | 'details' }) {
  const colour = statusColour(status, place);
  return (
    <span className={`status-chip status-chip--${colour}`} data-colour={colour}>
      {statusShownToSchool(status)}
    </span>
  );
}

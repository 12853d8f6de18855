/** "Pickup times: ..." from the charity's current slots; the long-standing times until they load. */
import { useCurrentUser } from '../../../lib/auth';
import { weekdayName } from '@lr/contracts/pickup-text';
import { usePickupTimes } from '../api/pickup-times';

const FIXED = 'Tuesdays 2:00-4:00 and Thursdays 8:00-9:30 am';

/** `14:00` -> `2:00 pm`. */
function clock(time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'am' : 'pm'}`;
}

export function PickupTimesText() {
  const me = useCurrentUser();
  const times = usePickupTimes(Boolean(me.data));
  const slots = times.data?.slots;
  const text =
    slots && slots.length > 0
      ? slots.map((s) => `${weekdayName(s.weekday)}s ${clock(s.start)}-${clock(s.end)}`).join(', ')
      : FIXED;
  return <>Pickup times: {text}.</>;
}

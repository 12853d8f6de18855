import { Box, Chip } from '@mui/material';
import type { ConsoleOrder } from '@lr/contracts';

type Flag = NonNullable<ConsoleOrder['flags']>[number];

const FLAG_LABELS: Record<Flag, { label: string; title: string; color: 'warning' | 'info' }> = {
  'over-limit': {
    label: 'Over limit',
    title: "Past the student's limit of requests this school year",
    color: 'warning',
  },
  duplicate: {
    label: 'Duplicate',
    title: 'Another open request for the same student at this school',
    color: 'info',
  },
};

/** The order's flags as small chips (nothing when it has none). */
export function OrderFlagChips({ flags }: { flags: ConsoleOrder['flags'] }) {
  if (!flags || flags.length === 0) return null;
  return (
    <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap' }}>
      {flags.map((flag) => (
        <Chip
          key={flag}
          size="small"
          variant="outlined"
          color={FLAG_LABELS[flag].color}
          label={FLAG_LABELS[flag].label}
          title={FLAG_LABELS[flag].title}
          sx={{ fontWeight: 600 }}
        />
      ))}
    </Box>
  );
}

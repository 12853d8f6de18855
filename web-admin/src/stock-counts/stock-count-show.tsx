import { useState } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { Show, useGetOne, usePermissions } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { StockCountDto } from '@lr/contracts';
import { CountEntry } from './count-entry';
import { CountFinalise } from './count-finalise';
import { CountSheet } from './count-sheet';
import { useCountSheet } from './queries';

/** One count: its printable sheet, the entry screen (while open) and the admin's finalise screen. */
export function StockCountShow() {
  const { id } = useParams<{ id: string }>();
  const { data: count } = useGetOne<StockCountDto>('stock-counts', { id: id ?? '' });
  const { data: lines } = useCountSheet(id ?? '');
  const { permissions } = usePermissions<string>();
  const finalised = count?.status === 'finalised';
  const [tab, setTab] = useState<'sheet' | 'entry' | 'finalise'>('sheet');
  const current = finalised && tab === 'entry' ? 'sheet' : tab;
  return (
    <Show title={`Stock count: ${count?.scope ?? ''}`} actions={false}>
      {/* One grid column of minmax(0, 1fr): the page is as wide as the screen, not as its widest
          content (the tabs' scroller, a table), which scrolls inside its own box on a phone. */}
      <Box sx={{ p: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Typography className="no-print" sx={{ mb: 1 }}>
          {count ? `${count.status} - ${count.countedSizes} of ${count.sizes} sizes counted` : ''}
          {finalised ? ` - net ${count.netAdjustment}, absolute ${count.absoluteAdjustment}` : ''}
        </Typography>
        <Tabs
          className="no-print"
          value={current}
          onChange={(_, v) => setTab(v)}
          variant="scrollable"
          sx={{ mb: 2 }}
        >
          <Tab value="sheet" label="Count sheet" />
          {!finalised && <Tab value="entry" label="Enter figures" />}
          {permissions === 'admin' && (
            <Tab value="finalise" label={finalised ? 'Adjustments' : 'Review and finalise'} />
          )}
        </Tabs>
        {current === 'sheet' && (
          <>
            <Typography className="no-print" variant="body2" color="text.secondary">
              Print the sheet and write each figure in its box; then type the figures under Enter
              figures.
            </Typography>
            <Button className="no-print" startIcon={<PrintIcon />} onClick={() => window.print()}>
              Print
            </Button>
            {lines && <CountSheet lines={lines} finalised={finalised} />}
          </>
        )}
        {current === 'entry' && lines && id && <CountEntry countId={id} lines={lines} />}
        {current === 'finalise' && id && <CountFinalise countId={id} />}
      </Box>
    </Show>
  );
}

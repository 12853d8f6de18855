import { useState } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Grid,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { LIMITS } from '@lr/contracts';
import { STORE_API } from '../dataProvider';
import { errorMessage, queryString } from '../http';
import { formatDateTime } from '../lib/date-format';
import { downloadCsv, isBackwards } from './csv-download';
import { RankingTable } from './ranking-table';
import { useReport, type ReportRange } from './queries';
import { RebuildControl } from './rebuild-control';
import { ReportCharts } from './report-charts';

function Figure({ label, value }: { label: string; value: number | string }) {
  return (
    <Grid size={{ xs: 6, md: 2.4 }}>
      <Card variant="outlined" className="figure">
        <CardContent>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p">
            {value}
          </Typography>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** The LR345 Report with date range, charts, CSV downloads and a clean printed page. */
export default function ReportPage() {
  const notify = useNotify();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<ReportRange>({});
  const report = useReport(range);
  const rangeQuery = queryString({ from: range.from, to: range.to });
  // A From date after the To date holds nothing: no figures (they would be of another range) and
  // nothing to download until the dates are put right.
  const backwards = isBackwards(from, to);

  function download(path: string, name: string) {
    downloadCsv(`${STORE_API}/admin/${path}${rangeQuery}`, name).catch((error: unknown) =>
      notify(errorMessage(error), { type: 'error' }),
    );
  }

  const data = backwards ? undefined : report.data;
  return (
    <Box sx={{ mt: 2 }} className="report-page">
      <Title title="LR345 Report" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h2" sx={{ flexGrow: 1 }}>
          LR345 Report
        </Typography>
        <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            Print
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            disabled={backwards}
            onClick={() => download('report.csv', 'lr345-report.csv')}
          >
            Report CSV
          </Button>
          <Button
            startIcon={<DownloadIcon />}
            disabled={backwards}
            onClick={() => download('orders.csv', 'lr345-orders.csv')}
          >
            Orders CSV
          </Button>
          <RebuildControl />
        </Box>
      </Box>
      <Box
        component="form"
        className="no-print"
        sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          setRange({ from: from || undefined, to: to || undefined });
        }}
      >
        <TextField
          label="From"
          type="date"
          size="small"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
          error={backwards}
        />
        <Button type="submit" variant="outlined" disabled={backwards}>
          Apply
        </Button>
        <Button
          onClick={() => {
            setFrom('');
            setTo('');
            setRange({});
          }}
        >
          All time
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {range.from || range.to
          ? `Orders created from ${range.from ?? 'the start'} to ${range.to ?? 'today'}`
          : 'All orders'}
        {' · '}Printed {formatDateTime(new Date())}
      </Typography>
      {backwards ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The From date is after the To date: choose a From date on or before the To date.
        </Alert>
      ) : null}
      {report.isPending && !backwards ? <CircularProgress /> : null}
      {report.error && !backwards ? (
        <Alert severity="error">{errorMessage(report.error)}</Alert>
      ) : null}
      {data && (
        <>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Figure label="Orders received" value={data.ordersReceived} />
            <Figure label="Orders fulfilled" value={data.ordersFulfilled} />
            <Figure label="Average fulfilment time (hours)" value={data.averageFulfilmentHours} />
            <Figure label="Items fulfilled" value={data.itemsFulfilled} />
            <Figure
              label={`Items received${data.itemsReceivedByKind.length ? ` (${data.itemsReceivedByKind.map((k) => `${k.kind} ${k.items}`).join(', ')})` : ''}`}
              value={data.itemsReceived}
            />
            <Figure
              label={`Count adjustments: net (absolute ${data.countAdjustments.absolute})`}
              value={data.countAdjustments.net}
            />
            <Figure label="Students helped" value={data.studentsHelped} />
          </Grid>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              gap: 3,
              mb: 3,
            }}
          >
            <RankingTable
              title={`Top ${LIMITS.reportTopN} items`}
              label="Item"
              rows={data.topItems}
            />
            <RankingTable
              title={`Top ${LIMITS.reportTopN} schools`}
              label="School"
              rows={data.topSchools}
            />
          </Box>
          <ReportCharts weekly={data.weekly} />
        </>
      )}
    </Box>
  );
}

import { useState } from 'react';
import PrintIcon from '@mui/icons-material/Print';
import DownloadIcon from '@mui/icons-material/Download';
import RefreshIcon from '@mui/icons-material/Refresh';
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
import { Confirm, Title, useDataProvider, useNotify } from 'react-admin';
import { LIMITS } from '@lr/contracts';
import { useAsyncData } from '../components/use-async-data';
import { STORE_API, type ConsoleDataProvider } from '../dataProvider';
import { errorMessage, queryString } from '../http';
import { formatDateTime } from '../lib/date-format';
import { RankingTable } from './ranking-table';
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

/** The LR345 Report (spec 2.7) with date range, charts, CSV downloads and a clean printed page. */
export default function ReportPage() {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const [confirmRebuild, setConfirmRebuild] = useState(false);
  const [rebuilding, setRebuilding] = useState(false);
  const report = useAsyncData(() => dataProvider.getReport(range), [dataProvider, range]);
  const rangeQuery = queryString({ from: range.from, to: range.to });

  async function rebuild() {
    setConfirmRebuild(false);
    setRebuilding(true);
    try {
      await dataProvider.rebuildReport();
      notify('Report rebuilt from the order events', { type: 'success' });
      report.reload();
    } catch (error) {
      notify(errorMessage(error), { type: 'error' });
    } finally {
      setRebuilding(false);
    }
  }

  const data = report.data;
  return (
    <Box sx={{ mt: 2 }} className="report-page">
      <Title title="LR345 Report" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          LR345 Report
        </Typography>
        <Box className="no-print" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
            Print
          </Button>
          <Button startIcon={<DownloadIcon />} href={`${STORE_API}/admin/report.csv${rangeQuery}`}>
            Report CSV
          </Button>
          <Button startIcon={<DownloadIcon />} href={`${STORE_API}/admin/orders.csv${rangeQuery}`}>
            Orders CSV
          </Button>
          <Button
            startIcon={<RefreshIcon />}
            disabled={rebuilding}
            onClick={() => setConfirmRebuild(true)}
          >
            Rebuild
          </Button>
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
        />
        <Button type="submit" variant="outlined">
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
      {report.loading && !data ? <CircularProgress /> : null}
      {report.error ? <Alert severity="error">{report.error}</Alert> : null}
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
      <Confirm
        isOpen={confirmRebuild}
        title="Rebuild the report"
        content="Replay every order event to rebuild the report figures?"
        confirm="Yes"
        cancel="No"
        onConfirm={() => void rebuild()}
        onClose={() => setConfirmRebuild(false)}
      />
    </Box>
  );
}

/**
 * The Impact page (admins): what the charity gave and received in a range of days, valued at each
 * product's fair-market value of the day; printed as one A4/Letter page for grant applications and
 * board meetings (impact-print.css), every table downloadable as one CSV.
 */
import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import PrintIcon from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TextField,
  Typography,
} from '@mui/material';
import { Title, useNotify } from 'react-admin';
import { IMPACT_TOP_SCHOOLS, type ConsoleImpact, type ImpactRange } from '@lr/contracts';
import { errorMessage, queryString } from '../http';
import { formatDateTime, formatDay } from '../lib/date-format';
import { downloadCsv, isBackwards } from '../report/csv-download';
import { IMPACT_PATH, formatMoney, lastMonth, useImpact } from './impact-query';
import { ImpactTable } from './impact-tables';
import './impact-print.css';

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <Card variant="outlined" className="impact-figure">
      <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

function Figures({ data }: { data: ConsoleImpact }) {
  return (
    <Box
      className="impact-figures"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        gap: 1.5,
        mb: 3,
      }}
    >
      <Figure label="Students helped" value={data.studentsHelped} />
      <Figure label="Schools served" value={data.schoolsServed} />
      <Figure label="Items given" value={data.itemsGiven} />
      <Figure label="Value given" value={formatMoney(data.valueGiven)} />
      <Figure label="Orders delivered" value={data.ordersDelivered} />
      <Figure label="Donations received" value={data.donationsReceived} />
      <Figure label="Items received" value={data.itemsReceived} />
      <Figure label="Value received" value={formatMoney(data.valueReceived)} />
    </Box>
  );
}

function Tables({ data }: { data: ConsoleImpact }) {
  const money = { numeric: true };
  return (
    <>
      <Box
        className="impact-columns"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          gap: 3,
        }}
      >
        <ImpactTable
          title="Items given by category"
          rows={data.itemsGivenByCategory}
          rowKey={(r) => r.category}
          empty="No items given in this period."
          columns={[
            { label: 'Category', value: (r) => r.category },
            { label: 'Items', value: (r) => r.items, numeric: true },
            { label: 'Value', value: (r) => formatMoney(r.value), ...money },
          ]}
        />
        <ImpactTable
          title="Donations received by source"
          rows={data.receivedByKind}
          rowKey={(r) => r.kind}
          empty="No donations received in this period."
          columns={[
            { label: 'Source kind', value: (r) => r.kind },
            { label: 'Donations', value: (r) => r.donations, numeric: true },
            { label: 'Items', value: (r) => r.items, numeric: true },
            { label: 'Value', value: (r) => formatMoney(r.value), ...money },
          ]}
        />
      </Box>
      <ImpactTable
        title={`Top ${IMPACT_TOP_SCHOOLS} schools`}
        rows={data.schools.slice(0, IMPACT_TOP_SCHOOLS)}
        rowKey={(r) => r.school}
        empty="No school was served in this period."
        columns={[
          { label: 'School', value: (r) => r.school },
          { label: 'Students', value: (r) => r.studentsHelped, numeric: true },
          { label: 'Items', value: (r) => r.items, numeric: true },
          { label: 'Value', value: (r) => formatMoney(r.value), ...money },
        ]}
      />
      <ImpactTable
        title="All schools served"
        rows={data.schools}
        rowKey={(r) => r.school}
        empty="No school was served in this period."
        columns={[
          { label: 'School', value: (r) => r.school },
          { label: 'Orders', value: (r) => r.orders, numeric: true },
          { label: 'Students', value: (r) => r.studentsHelped, numeric: true },
          { label: 'Items', value: (r) => r.items, numeric: true },
          { label: 'Value', value: (r) => formatMoney(r.value), ...money },
        ]}
      />
      {data.itemsGivenWithoutValue > 0 ? (
        <Typography variant="body2" color="text.secondary">
          {data.itemsGivenWithoutValue} of the items given had no fair-market value on the day and
          count at no value.
        </Typography>
      ) : null}
    </>
  );
}

export function ImpactPage() {
  const notify = useNotify();
  const [form, setForm] = useState<ImpactRange>(lastMonth);
  const [range, setRange] = useState<ImpactRange>(lastMonth);
  const backwards = isBackwards(form.from, form.to);
  const impact = useImpact(backwards ? null : range);
  const data = backwards ? undefined : impact.data;

  function downloadCsvFile() {
    downloadCsv(`${IMPACT_PATH}.csv${queryString({ ...range })}`, 'impact.csv').catch(
      (error: unknown) => notify(errorMessage(error), { type: 'error' }),
    );
  }

  return (
    <Box sx={{ mt: 2 }} className="impact-page print-area">
      <Title title="Impact" />
      <Box className="impact-heading" sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        {data?.charity.logoUrl ? (
          <img
            src={data.charity.logoUrl}
            alt={`${data.charity.name} logo`}
            className="impact-logo"
            style={{ maxHeight: 56, maxWidth: 160 }}
          />
        ) : null}
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h2">
            {data ? `${data.charity.name}: impact` : 'Impact'}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDay(range.from)} to {formatDay(range.to)} · Printed {formatDateTime(new Date())}
          </Typography>
        </Box>
      </Box>
      <Box
        component="form"
        className="no-print"
        aria-label="Period"
        sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}
        onSubmit={(event) => {
          event.preventDefault();
          if (form.from && form.to) setRange(form);
        }}
      >
        <TextField
          label="From"
          type="date"
          size="small"
          required
          value={form.from}
          onChange={(e) => setForm({ ...form, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
        />
        <TextField
          label="To"
          type="date"
          size="small"
          required
          value={form.to}
          onChange={(e) => setForm({ ...form, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 170 }}
          error={backwards}
        />
        <Button type="submit" variant="outlined" disabled={backwards}>
          Apply
        </Button>
        <Button variant="contained" startIcon={<PrintIcon />} onClick={() => window.print()}>
          Print
        </Button>
        <Button startIcon={<DownloadIcon />} disabled={backwards} onClick={downloadCsvFile}>
          CSV
        </Button>
      </Box>
      {backwards ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          The From date is after the To date: choose a From date on or before the To date.
        </Alert>
      ) : null}
      {impact.isPending && !backwards ? <CircularProgress aria-label="Loading" /> : null}
      {impact.error && !backwards ? (
        <Alert severity="error">{errorMessage(impact.error)}</Alert>
      ) : null}
      {data ? (
        <>
          <Typography variant="body2" sx={{ mb: 2 }}>
            Items given are those of orders delivered in the period; values are each product&apos;s
            fair-market value per unit on the day it was given or received.
          </Typography>
          <Figures data={data} />
          <Tables data={data} />
        </>
      ) : null}
    </Box>
  );
}

import { Box, Typography } from '@mui/material';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Report } from '@lr/contracts';
import { formatDay } from '../lib/date-format';
import { mergeWeeklyOrders, pivotItemsByCategory } from '../lib/report-series';

const CATEGORY_COLORS = ['#1565c0', '#2e7d32', '#ef6c00', '#6a1b9a', '#00838f'];

/** Weekly charts of the report: orders received and fulfilled, and items given per category. */
export function ReportCharts({ weekly }: { weekly: Report['weekly'] }) {
  const orders = mergeWeeklyOrders(weekly);
  const items = pivotItemsByCategory(weekly);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
      <Box className="chart">
        <Typography variant="subtitle1" component="h3">
          Orders per week
        </Typography>
        <ResponsiveContainer width="100%" height={260}>
          <LineChart data={orders}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" tickFormatter={formatDay} />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(week) => `Week of ${formatDay(String(week))}`} />
            <Legend />
            <Line
              type="linear"
              dataKey="received"
              name="Received"
              stroke="#1565c0"
              isAnimationActive={false}
            />
            <Line
              type="linear"
              dataKey="fulfilled"
              name="Fulfilled"
              stroke="#2e7d32"
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </Box>
      <Box className="chart">
        <Typography variant="subtitle1" component="h3">
          Items given per week by category
        </Typography>
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={items.rows}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="week" tickFormatter={formatDay} />
            <YAxis allowDecimals={false} />
            <Tooltip labelFormatter={(week) => `Week of ${formatDay(String(week))}`} />
            <Legend />
            {items.categories.map((category, index) => (
              <Bar
                key={category}
                dataKey={category}
                stackId="items"
                fill={CATEGORY_COLORS[index % CATEGORY_COLORS.length]}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </Box>
    </Box>
  );
}

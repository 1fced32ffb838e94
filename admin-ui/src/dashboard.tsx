import { formatNumber } from '@fanmission/contracts';
import type { AdminDashboard } from '@fanmission/contracts';
import { Alert, Box, Card, CardContent, CardHeader, MenuItem, Select, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { httpClient } from './data-provider';
import { useCodeLabel } from './resources/code-field';
import { AllowanceBlock } from './allowance';
import { ToDoBlock } from './to-do';

const METHOD_COLOURS: Record<string, string> = {
  kakaopay: '#f5c400',
  card: '#1976d2',
  paypal: '#00a1e0',
  bank: '#2e7d32',
  other: '#9e9e9e',
};
/** Each day's mission outcomes, stacked, under the line of the day's requests. */
const MISSION_OUTCOMES = [
  { key: 'completed', colour: '#2e7d32' },
  { key: 'refused', colour: '#ef6c00' },
  { key: 'expired', colour: '#d32f2f' },
  { key: 'canceled', colour: '#757575' },
] as const;
const hasMissions = (day: AdminDashboard['missionsPerDay'][number]) =>
  day.requested + MISSION_OUTCOMES.reduce((sum, { key }) => sum + day[key], 0) > 0;
const won = (value: number) => formatNumber(value);

/** A chart card; a window with nothing to draw says so instead of drawing empty axes. */
function Chart({
  title,
  children,
  empty = false,
  height = 260,
}: {
  title: string;
  children: React.ReactElement;
  /** What to say instead of the chart when the window has nothing to draw. */
  empty?: false | string;
  height?: number;
}) {
  return (
    <Card variant="outlined" sx={{ minWidth: 0 }}>
      <CardHeader title={title} titleTypographyProps={{ variant: 'subtitle1' }} />
      <CardContent sx={{ height: empty ? 'auto' : height }}>
        {empty ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
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

/** The console's home: sales, missions, escrow, settlements and the event pipeline, from `/api/admin/dashboard`. */
export function Dashboard() {
  const translate = useTranslate();
  const label = useCodeLabel();
  const methodLabel = (method: unknown) => label('salesMethod', String(method));
  // The window a newcomer sees first covers the last quarter; 7 and 30 days zoom in.
  const [days, setDays] = useState(90);
  const [data, setData] = useState<AdminDashboard>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let cancelled = false;
    httpClient(`/api/admin/dashboard?days=${days}`).then(
      ({ json }) => !cancelled && setData(json as AdminDashboard),
      (problem: Error) => !cancelled && setError(problem.message),
    );
    return () => {
      cancelled = true;
    };
  }, [days]);

  const methods = [...new Set(data?.coinSalesPerDay.flatMap((day) => Object.keys(day.byMethod)) ?? [])];
  const salesRows = data?.coinSalesPerDay.map((day) => ({ day: day.day.slice(5), ...day.byMethod })) ?? [];
  const salesByMethod = data?.salesByMethod ?? [];
  const noData = translate('console.dashboard.noData');
  const missionRows = data?.missionsPerDay.map((day) => ({ ...day, day: day.day.slice(5) })) ?? [];
  return (
    <Box sx={{ mt: 1 }}>
      <Title title={translate('console.dashboard.title')} />
      <ToDoBlock />
      <AllowanceBlock />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography id="dashboard-days">{translate('console.dashboard.days')}</Typography>
        <Select
          size="small"
          value={days}
          inputProps={{ 'aria-labelledby': 'dashboard-days' }}
          SelectDisplayProps={{ 'aria-labelledby': 'dashboard-days' }}
          onChange={(event) => setDays(Number(event.target.value))}
        >
          {[7, 30, 90].map((option) => (
            <MenuItem key={option} value={option}>
              {translate('console.dashboard.daysOption', { days: option })}
            </MenuItem>
          ))}
        </Select>
      </Box>
      {error && <Alert severity="error">{error}</Alert>}
      {data && (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
          }}
        >
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' },
              gridColumn: '1 / -1',
            }}
          >
            <Figure
              label={translate('console.dashboard.onTime')}
              value={data.onTimeRate === null ? '-' : `${(data.onTimeRate * 100).toFixed(1)} %`}
            />
            <Figure
              label={translate('console.dashboard.escrow')}
              value={translate('console.dashboard.coins', { coins: won(data.escrowCoins) })}
            />
            {/* The outbox's transport is the system's detail, not an operator's: only a relay's backlog is shown. */}
            {data.events.relay && (
              <Figure label={translate('console.dashboard.relay')} value={String(data.events.relay.unsentEvents)} />
            )}
          </Box>
          <Chart title={translate('console.dashboard.sales')} empty={salesByMethod.length === 0 && noData}>
            <BarChart data={salesRows} aria-label="coin sales per day">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" fontSize={11} />
              <YAxis tickFormatter={won} fontSize={11} width={70} />
              <Tooltip formatter={(value) => won(Number(value))} />
              <Legend />
              {methods.map((method) => (
                <Bar
                  key={method}
                  dataKey={method}
                  name={methodLabel(method)}
                  stackId="sales"
                  fill={METHOD_COLOURS[method] ?? '#9e9e9e'}
                />
              ))}
            </BarChart>
          </Chart>
          <Chart title={translate('console.dashboard.salesByMethod')} empty={salesByMethod.length === 0 && noData}>
            <BarChart data={salesByMethod} layout="vertical" aria-label="sales by payment method">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis type="number" tickFormatter={won} fontSize={11} />
              <YAxis type="category" dataKey="method" tickFormatter={methodLabel} fontSize={11} width={80} />
              <Tooltip formatter={(value) => won(Number(value))} labelFormatter={methodLabel} />
              <Bar dataKey="won" fill="#ff3d6e" />
            </BarChart>
          </Chart>
          <Chart title={translate('console.dashboard.missions')} empty={!missionRows.some(hasMissions) && noData}>
            <ComposedChart data={missionRows} aria-label="missions per day by outcome">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="day" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} width={40} />
              <Tooltip />
              <Legend itemSorter={null} />
              {MISSION_OUTCOMES.map(({ key, colour }) => (
                <Bar
                  key={key}
                  dataKey={key}
                  stackId="outcomes"
                  name={translate(`console.dashboard.${key}`)}
                  fill={colour}
                />
              ))}
              <Line dataKey="requested" name={translate('console.dashboard.requested')} stroke="#1976d2" dot={false} />
            </ComposedChart>
          </Chart>
          <Chart
            title={translate('console.dashboard.settlements')}
            empty={data.settlementsPerMonth.length === 0 && translate('console.dashboard.settlementsEmpty')}
          >
            <BarChart data={data.settlementsPerMonth} aria-label="settlements per month">
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="month" fontSize={11} />
              <YAxis tickFormatter={won} fontSize={11} width={70} />
              <Tooltip formatter={(value) => won(Number(value))} />
              <Legend itemSorter={null} />
              <Bar dataKey="won" name={translate('console.dashboard.settlementsIssued')} fill="#7b1fa2" />
              <Bar dataKey="paidWon" name={translate('console.dashboard.settlementsPaid')} fill="#2e7d32" />
            </BarChart>
          </Chart>
          <Chart
            title={translate('console.dashboard.consumerLag')}
            height={200}
            empty={
              data.events.consumers.every((consumer) => consumer.pendingEvents === 0) &&
              translate('console.dashboard.consumersCaughtUp')
            }
          >
            <BarChart
              data={data.events.consumers.map((consumer) => ({
                ...consumer,
                // What the consumer does, as an operator says it; a consumer the console does not know by its name.
                label: translate(`console.dashboard.consumerNames.${consumer.consumer}`, { _: consumer.consumer }),
              }))}
              aria-label={translate('console.dashboard.consumerLag')}
            >
              <CartesianGrid strokeDasharray="3 3" />
              <XAxis dataKey="label" fontSize={11} />
              <YAxis allowDecimals={false} fontSize={11} width={40} />
              <Tooltip />
              <Bar dataKey="pendingEvents" name={translate('console.dashboard.pendingEvents')} fill="#ef6c00" />
            </BarChart>
          </Chart>
        </Box>
      )}
    </Box>
  );
}

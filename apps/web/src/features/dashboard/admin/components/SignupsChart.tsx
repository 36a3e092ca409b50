import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardUserChartData } from '@pw/contracts';
import { useDashboardUserChart } from '../api/get-charts';
import type { ChartRange } from '../api/range';
import { ChartFrame, ChartTable } from './ChartFrame';
import { periodLabel } from './format';
import { countOf } from '@/lib/plural';

const SERIES = [
  { key: 'users', label: 'Users', color: '#2f6f8f' },
  { key: 'funeral_homes', label: 'Funeral Homes', color: '#b5651d' },
] as const;

/** Sign-ups per period, users and funeral homes apart. */
export function SignupsChart({ range }: { range: ChartRange | null }) {
  const query = useDashboardUserChart(range);
  const data = query.data;
  return (
    <ChartFrame
      id="signups"
      title="Sign-ups"
      query={query}
      empty={!!data && data.totals.users === 0 && data.totals.funeral_homes === 0}
      summary={
        data && (
          <>
            {countOf(data.totals.users, 'user')} and {countOf(data.totals.funeral_homes, 'funeral home')}{' '}
            signed up, {periodLabel(data.from_date, 'day', true)} to {periodLabel(data.to_date, 'day', true)}.
          </>
        )
      }
      chart={data && <SignupLines data={data} />}
      table={data && <SignupTable data={data} />}
    />
  );
}

function SignupLines({ data }: { data: DashboardUserChartData }) {
  const rows = data.series.map((point) => ({ ...point, label: periodLabel(point.period, data.group_by) }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
        <YAxis allowDecimals={false} width={48} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Legend />
        {SERIES.map(({ key, label, color }) => (
          <Line
            key={key}
            type="monotone"
            dataKey={key}
            name={label}
            stroke={color}
            strokeWidth={2}
            dot={rows.length <= 31}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

function SignupTable({ data }: { data: DashboardUserChartData }) {
  return (
    <ChartTable
      caption={`Sign-ups per ${data.group_by}`}
      headers={SERIES.map(({ label }) => label)}
      rows={data.series.map((point) => ({
        key: point.period,
        label: periodLabel(point.period, data.group_by, true),
        cells: SERIES.map(({ key }) => String(point[key])),
      }))}
    />
  );
}

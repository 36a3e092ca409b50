import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { DashboardSubscriptionData } from '@pw/contracts';
import { useDashboardSubscription } from '../api/get-charts';
import type { ChartRange } from '../api/range';
import { ChartFrame, ChartTable } from './ChartFrame';
import { dollars, KINDS, periodLabel } from './format';
import { countOf } from '@/lib/plural';

/** Revenue by plan kind, stacked per period, with the purchases and revenue of each kind in text. */
export function RevenueChart({ range }: { range: ChartRange | null }) {
  const query = useDashboardSubscription(range);
  const data = query.data;
  return (
    <ChartFrame
      id="revenue"
      title="Revenue by plan"
      query={query}
      empty={!!data && KINDS.every(({ kind }) => data.totals.purchases[kind] === 0)}
      summary={data && <RevenueSummary data={data} />}
      chart={data && <RevenueBars data={data} />}
      table={data && <RevenueTable data={data} />}
    />
  );
}

function RevenueBars({ data }: { data: DashboardSubscriptionData }) {
  const rows = data.series.map((point) => ({
    label: periodLabel(point.period, data.group_by),
    ...Object.fromEntries(KINDS.map(({ kind }) => [kind, Number(point.revenue[kind])])),
  }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={12} />
        <YAxis
          tickFormatter={(value: number) => `$${value.toLocaleString('en-US')}`}
          width={72}
          tick={{ fontSize: 12 }}
        />
        <Tooltip formatter={(value) => dollars(Number(value))} />
        <Legend />
        {KINDS.map(({ kind, label, color }) => (
          <Bar
            key={kind}
            dataKey={kind}
            name={label}
            stackId="revenue"
            fill={color}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

function RevenueSummary({ data }: { data: DashboardSubscriptionData }) {
  const purchases = KINDS.reduce((sum, { kind }) => sum + data.totals.purchases[kind], 0);
  const revenue = KINDS.reduce((sum, { kind }) => sum + Number(data.totals.revenue[kind]), 0);
  return (
    <>
      {dollars(revenue)} from {countOf(purchases, 'purchase')}, {periodLabel(data.from_date, 'day', true)} to{' '}
      {periodLabel(data.to_date, 'day', true)}:{' '}
      {KINDS.map(
        ({ kind, label }) =>
          `${label} ${dollars(data.totals.revenue[kind])} (${data.totals.purchases[kind]})`,
      ).join(', ')}
      .
    </>
  );
}

function RevenueTable({ data }: { data: DashboardSubscriptionData }) {
  return (
    <ChartTable
      caption={`Revenue and purchases by plan, per ${data.group_by}`}
      headers={KINDS.map(({ label }) => label)}
      rows={data.series.map((point) => ({
        key: point.period,
        label: periodLabel(point.period, data.group_by, true),
        cells: KINDS.map(({ kind }) => `${dollars(point.revenue[kind])} (${point.purchases[kind]})`),
      }))}
    />
  );
}

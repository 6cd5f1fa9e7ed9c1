import type { SupplierStats } from '../../../contract/schemas/supplier-workspace';
import { Chart } from '../../components/Chart';
import { Loaded } from '../../components/ui/loaded';
import { supplierApi } from '../../lib/api';
import { Stat } from '../../components/ui/stat';
import { DataTable } from '../../components/ui/data-table';

type Figures = SupplierStats['totals'];

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Nov 2026' for '2026-11'. */
const monthName = (month: string) => `${MONTH_NAMES[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;
const percent = (n: number | null) => (n === null ? '–' : `${n}%`);
const hours = (n: number | null) => (n === null ? '–' : n < 48 ? `${n} h` : `${Math.round((n / 24) * 10) / 10} days`);

const COLUMNS: [keyof Figures, string, (f: Figures) => string][] = [
  ['received', 'Leads', (f) => String(f.received)],
  ['firmed', 'Made firm', (f) => String(f.firmed)],
  ['declined', 'Withdrawn', (f) => String(f.declined)],
  ['accepted', 'Accepted', (f) => String(f.accepted)],
  ['confirmed', 'Confirmed', (f) => String(f.confirmed)],
  ['winRatePercent', 'Win rate', (f) => percent(f.winRatePercent)],
  ['medianHoursToFirm', 'Median time to firm', (f) => hours(f.medianHoursToFirm)],
];

function FiguresTable({ label, first, rows }: { label: string; first: string; rows: { name: string; figures: Figures }[] }) {
  return (
    <DataTable label={label} caption={label} heads={[first, ...COLUMNS.map(([, heading]) => heading)]}>
      {rows.map((r) => (
        <tr key={r.name}>
          <th scope="row">{r.name}</th>
          {COLUMNS.map(([key, , cell]) => (
            <td key={key}>{cell(r.figures)}</td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

/** The performance tab: how the supplier's leads went over 12 months, with a chart and tables. */
export function SupplierStatsTab() {
  return (
    <Loaded read={(signal) => supplierApi().stats({ signal })} failed="Figures not loaded" loading="Loading your figures" height="12rem">
      {(stats) => <StatsView stats={stats} />}
    </Loaded>
  );
}

function StatsView({ stats: { totals, byMonth, byProduct } }: { stats: SupplierStats }) {
  return (
    <div className="form-stack">
      <div className="summary-grid">
        <Stat label="Leads in 12 months" value={totals.received} />
        <Stat label="Win rate" value={percent(totals.winRatePercent)} note={`${totals.accepted} accepted by the buyer`} />
        <Stat
          label="Made firm"
          value={totals.firmed}
          note={totals.medianHoursToFirm === null ? 'none yet' : `median ${hours(totals.medianHoursToFirm)} after the lead`}
        />
        <Stat label="Confirmed orders" value={totals.confirmed} />
      </div>
      <Chart
        title="Leads and wins by month"
        description="Leads received, and of them the ones the buyer accepted, by the month of the request."
        columnHeading="Month"
        labels={byMonth.map((m) => monthName(m.month))}
        empty={totals.received === 0 ? 'No leads in the last 12 months yet.' : undefined}
        series={[
          { label: 'Leads', values: byMonth.map((m) => m.received), color: '#1d4ed8', kind: 'bars' },
          { label: 'Accepted', values: byMonth.map((m) => m.accepted), color: '#15803d', kind: 'line' },
        ]}
      />
      <h3>By month</h3>
      <FiguresTable label="Your leads by month" first="Month" rows={byMonth.map((m) => ({ name: monthName(m.month), figures: m }))} />
      <h3>By product</h3>
      {byProduct.length === 0 ? (
        <p className="notice">No leads yet.</p>
      ) : (
        <FiguresTable label="Your leads by product" first="Product" rows={byProduct.map((p) => ({ name: p.productName, figures: p }))} />
      )}
    </div>
  );
}

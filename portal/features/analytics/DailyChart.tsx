import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Colours of the two series: the design's primary and success tokens. */
const VISITORS = '#2563eb';
const VIEWS = '#16a34a';

/**
 * Visitors and page views per day as a uPlot line chart, sized to its box. Loaded only with the
 * staff's analytics page; the same figures are in the table beside it.
 */
export default function DailyChart({ days, label }: { days: { day: string; visitors: number; pageViews: number }[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const x = days.map((d) => Date.parse(`${d.day}T00:00:00Z`) / 1000);
    const chart = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 260,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.1))] } },
        axes: [{}, { values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }],
        series: [
          { label: 'Day', value: (_u, ts) => (ts == null ? '' : new Date(ts * 1000).toISOString().slice(0, 10)) },
          { label: 'Visitors', stroke: VISITORS, width: 2, points: { show: true } },
          { label: 'Page views', stroke: VIEWS, width: 2, dash: [6, 4], points: { show: true } },
        ],
      },
      [x, days.map((d) => d.visitors), days.map((d) => d.pageViews)],
      el,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: 260 }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days]);
  return <div ref={box} className="daily-chart" role="img" aria-label={label} />;
}

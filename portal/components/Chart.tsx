import { useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Bars (the default; one bar series a chart) or a line; a dashed line draws a target. */
  kind?: 'bars' | 'line' | 'target';
}

const HEIGHT = 260;

/**
 * A chart drawn with uPlot on a canvas, with its figures as a table beside it: the table is
 * what a screen reader reads (the canvas is hidden from it), and anyone can show it instead.
 */
export function Chart({ title, description, labels, axisLabels, series, unit = '', columnHeading, headingLevel = 3 }: { title: string; description: string; labels: string[]; axisLabels?: string[]; series: ChartSeries[]; unit?: string; columnHeading: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const shown = axisLabels ?? labels;

  useEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const xs = labels.map((_, i) => i);
    const bars = uPlot.paths.bars!({ size: [0.6, 60] });
    const opts: uPlot.Options = {
      width: Math.max(280, el.clientWidth),
      height: HEIGHT,
      legend: { show: true, live: false },
      cursor: { show: false },
      scales: { x: { time: false, range: [-0.6, labels.length - 0.4] }, y: { range: (_u, _min, max) => [0, Math.max(1, Math.ceil(max * 1.15))] } },
      axes: [
        {
          splits: () => xs,
          // As many labels as fit side by side: every label, or every second, third...
          values: (u, splits) => {
            const widest = Math.max(...shown.map((l) => l.length)) * 7 + 12;
            const step = Math.max(1, Math.ceil((splits.length * widest) / Math.max(1, u.bbox.width / (window.devicePixelRatio || 1))));
            return splits.map((i, k) => (k % step === 0 ? (shown[i] ?? '') : ''));
          },
          grid: { show: false },
        },
        // Counts and percentages: whole numbers on the scale.
        { size: 44, grid: { stroke: '#e2e8f0' }, incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000] },
      ],
      series: [
        {},
        ...series.map((s): uPlot.Series => {
          // One bar series a chart at most: the others are lines drawn over it.
          if ((s.kind ?? 'bars') === 'bars') return { label: s.label, stroke: s.color, fill: s.color, width: 0, paths: bars, points: { show: false } };
          const kind = s.kind;
          return { label: s.label, stroke: s.color, width: 2, ...(kind === 'target' ? { dash: [6, 4] } : {}), points: { show: kind === 'line', size: 6, fill: s.color } };
        }),
      ],
    };
    const chart = new uPlot(opts, [xs, ...series.map((s) => s.values)] as uPlot.AlignedData, el);
    const observer = new ResizeObserver(() => chart.setSize({ width: Math.max(280, el.clientWidth), height: HEIGHT }));
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [JSON.stringify(labels), JSON.stringify(series), JSON.stringify(shown)]);

  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <figcaption>
          <Heading id={`${id}-title`} className={headingLevel === 2 ? 'card-title' : undefined}>{title}</Heading>
          <p className="small muted">{description}</p>
        </figcaption>
        <button type="button" className="button button-secondary" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
          {showTable ? 'Show chart' : 'Show table'}
        </button>
      </div>
      <div ref={box} className="chart-canvas" aria-hidden="true" hidden={showTable} data-testid="chart-canvas" />
      <div className={showTable ? 'table-scroll' : 'visually-hidden'}>
        <table className="simple-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columnHeading}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] === null || s.values[i] === undefined ? '–' : `${s.values[i]}${unit}`}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import './chart.css';
import { ColumnHeads } from './ui/column-heads';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
  /** Bars (the default; one bar series a chart) or a line; a dashed line draws a target. */
  kind?: 'bars' | 'line' | 'target';
}

const HEIGHT = 260;
/** uPlot's axis font is 12 px: about 7 px a character, 16 px a line. */
const CHAR_PX = 7;
const LINE_PX = 16;
/** What the y axis and the canvas's edges take of its width. */
const Y_AXIS_PX = 44;

/**
 * The chart's uPlot options at `width` CSS pixels. Every x label is drawn: side by side when they
 * fit, else turned upright (and only if even upright they cannot all fit, every second, third...).
 * Lines that meet stay visible: each earlier line is drawn wider than the next, so it shows as an
 * edge around a later one on the same values, and a line at 0 is not clipped by the plot's floor.
 */
export function chartOptions(width: number, labels: readonly string[], shown: readonly string[], series: readonly ChartSeries[]): uPlot.Options {
  const xs = labels.map((_, i) => i);
  const bars = uPlot.paths.bars!({ size: [0.6, 60] });
  const plot = Math.max(1, width - Y_AXIS_PX - 16);
  const widest = Math.max(0, ...shown.map((l) => l.length)) * CHAR_PX + 12;
  const sideBySide = shown.length * widest <= plot;
  const step = sideBySide ? 1 : Math.max(1, Math.ceil((shown.length * LINE_PX) / plot));
  const lines = series.filter((s) => s.kind === 'line');
  return {
    width,
    height: HEIGHT,
    legend: { show: true, live: false },
    cursor: { show: false },
    scales: {
      x: { time: false, range: [-0.6, labels.length - 0.4] },
      y: {
        range: (_u, _min, max) => {
          const top = Math.max(1, Math.ceil(max * 1.15));
          return [-top * 0.03, top];
        },
      },
    },
    axes: [
      {
        splits: () => xs,
        values: (_u, splits) => splits.map((i, k) => (k % step === 0 ? (shown[i] ?? '') : '')),
        rotate: sideBySide ? 0 : -90,
        size: sideBySide ? 40 : widest + 8,
        grid: { show: false },
      },
      // Counts and percentages: whole numbers on the scale.
      { size: Y_AXIS_PX, grid: { stroke: '#e2e8f0' }, incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000] },
    ],
    series: [
      {},
      ...series.map((s): uPlot.Series => {
        // One bar series a chart at most: the others are lines drawn over it.
        if ((s.kind ?? 'bars') === 'bars') return { label: s.label, stroke: s.color, fill: s.color, width: 0, paths: bars, points: { show: false } };
        if (s.kind === 'target') return { label: s.label, stroke: s.color, width: 2, dash: [6, 4], points: { show: false } };
        const later = lines.length - 1 - lines.indexOf(s);
        return { label: s.label, stroke: s.color, width: 2 + 2 * later, points: { show: true, size: 6 + 4 * later, fill: s.color } };
      }),
    ],
  };
}

/**
 * A chart drawn with uPlot on a canvas, with its figures as a table beside it: the table is
 * what a screen reader reads (the canvas is hidden from it), and anyone can show it instead.
 * `empty`, when given, says why there is nothing to draw, in the chart's place.
 */
export function Chart({
  title,
  description,
  labels,
  axisLabels,
  series,
  unit = '',
  columnHeading,
  headingLevel = 3,
  empty,
}: {
  title: string;
  description: string;
  labels: string[];
  axisLabels?: string[];
  series: ChartSeries[];
  unit?: string;
  columnHeading: string;
  headingLevel?: 2 | 3;
  empty?: string | undefined;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const shown = axisLabels ?? labels;

  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by value: the chart is drawn again only when its labels, series or emptiness change, not when a parent passes equal new arrays
  useEffect(() => {
    const el = box.current;
    if (!el || empty || typeof ResizeObserver === 'undefined') return;
    const data = [labels.map((_, i) => i), ...series.map((s) => s.values)] as uPlot.AlignedData;
    let width = Math.max(280, el.clientWidth);
    let chart = new uPlot(chartOptions(width, labels, shown, series), data, el);
    // Labels turn upright or back when the width changes: the options depend on it.
    const observer = new ResizeObserver(() => {
      const next = Math.max(280, el.clientWidth);
      if (next === width) return;
      width = next;
      chart.destroy();
      chart = new uPlot(chartOptions(width, labels, shown, series), data, el);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [JSON.stringify(labels), JSON.stringify(series), JSON.stringify(shown), empty]);

  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <figcaption>
          <Heading id={`${id}-title`} className={headingLevel === 2 ? 'card-title' : undefined}>
            {title}
          </Heading>
          <p className="small muted">{description}</p>
        </figcaption>
        {empty ? null : (
          <button type="button" className="button button-secondary" aria-pressed={showTable} onClick={() => setShowTable((v) => !v)}>
            {showTable ? 'Show chart' : 'Show table'}
          </button>
        )}
      </div>
      {empty ? (
        <p className="chart-empty muted">{empty}</p>
      ) : (
        <div ref={box} className="chart-canvas" aria-hidden="true" hidden={showTable} data-testid="chart-canvas" />
      )}
      <div className={showTable && !empty ? 'table-scroll' : 'visually-hidden'}>
        <table className="simple-table">
          <caption className="visually-hidden">{title}</caption>
          <ColumnHeads names={[columnHeading, ...series.map((s) => s.label)]} />
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

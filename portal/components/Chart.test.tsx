// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import type uPlot from 'uplot';
import { describe, expect, it } from 'vitest';
import { Chart, chartOptions, type ChartSeries } from './Chart';

const STATUSES = ['New', 'E-mailed', 'No answer', 'Spoke', 'Interested', 'Demo', 'Trial', 'Customer', 'Lost', 'Follow up'];
const xAxis = (o: uPlot.Options) => o.axes![0]!;
const labelsDrawn = (o: uPlot.Options, count: number) => (xAxis(o).values as (u: unknown, splits: number[]) => string[])(null, [...Array(count).keys()]);

describe('a chart', () => {
  it('labels every bar on a phone, upright when the labels cannot stand side by side', () => {
    const pipeline: ChartSeries[] = [{ label: 'Prospects', values: STATUSES.map(() => 1), color: '#1d4ed8' }];
    const phone = chartOptions(326, STATUSES, STATUSES, pipeline);
    expect(labelsDrawn(phone, STATUSES.length)).toEqual(STATUSES);
    expect(xAxis(phone).rotate).toBe(-90);
    expect(xAxis(phone).size).toBeGreaterThanOrEqual('Follow up'.length * 7);
    const desktop = chartOptions(1100, STATUSES, STATUSES, pipeline);
    expect([labelsDrawn(desktop, STATUSES.length), xAxis(desktop).rotate]).toEqual([STATUSES, 0]);
  });

  it('draws each line wider than the next, so a line on the same values as a later one still shows, and keeps a line at 0 above the floor', () => {
    const series: ChartSeries[] = [
      { label: 'Responses received', values: [0, 0, 0], color: '#b45309', kind: 'line' },
      { label: 'Demos scheduled', values: [0, 0, 0], color: '#7c3aed', kind: 'line' },
      { label: 'Daily target', values: [1, 1, 1], color: '#64748b', kind: 'target' },
    ];
    const o = chartOptions(700, ['a', 'b', 'c'], ['a', 'b', 'c'], series);
    expect(o.series.slice(1).map((s) => [s.label, s.width, (s.points as { size?: number }).size ?? null])).toEqual([
      ['Responses received', 4, 10],
      ['Demos scheduled', 2, 6],
      ['Daily target', 2, null],
    ]);
    const [floor, top] = (o.scales!.y!.range as (u: unknown, min: number, max: number) => [number, number])(null, 0, 0);
    expect(floor).toBeLessThan(0);
    expect(top).toBe(1);
  });

  it('says why it is empty in its place, with no canvas and no table to show', () => {
    render(
      <Chart
        title="Response rate per week"
        description="Responses per prospect contacted."
        columnHeading="Week from"
        labels={['2026-11-02', '2026-11-09']}
        series={[{ label: 'Response rate', values: [null, null], color: '#0f766e' }]}
        empty="No prospect was contacted in these 8 weeks: the rate shows here from the first week one is."
      />,
    );
    const figure = screen.getByRole('figure', { name: 'Response rate per week' });
    expect(within(figure).getByText('No prospect was contacted in these 8 weeks: the rate shows here from the first week one is.')).toBeTruthy();
    expect(within(figure).queryByTestId('chart-canvas')).toBeNull();
    expect(within(figure).queryByRole('button', { name: 'Show table' })).toBeNull();
  });
});

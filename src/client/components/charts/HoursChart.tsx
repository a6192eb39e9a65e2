// The chart's legend and tooltip swatches; like the charts' own CSS, only this chunk needs it (src/client/styles.ts holds the rest).
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import { formatHours } from '../../../shared/format.js';

/** One bar per category and series; `key` names the field of each row that holds its hours. */
export type HoursSeries = { key: string; label: string; color: string };

export type HoursChartProps = {
  /** What the chart shows: its table's caption. */
  title: string;
  /** The chart in one sentence, read out instead of the drawing. */
  summary: string;
  /** Rows in the order drawn, left to right. */
  rows: Record<string, string | number>[];
  /** The field of each row that names its category (a week, a month), and how it reads under the bars. */
  category: { key: string; label: string; tick?: (value: string) => string };
  series: HoursSeries[];
  /** A level drawn across the chart, e.g. the weekly target. */
  target?: { hours: number; label: string };
};

const hoursText = (hours: number) => `${formatHours(hours)} h`;

/**
 * A bar chart of hours, drawn by @mantine/charts (Recharts), with its numbers also as a table for
 * screen readers: the drawing is hidden from them, the table from sight. Load it with lazyPart, so
 * the chart library stays out of every page that shows no chart.
 */
export function HoursChart({ title, summary, rows, category, series, target }: HoursChartProps) {
  return (
    <figure aria-label={summary} style={{ margin: 0 }}>
      <div aria-hidden="true">
        <BarChart
          h={240}
          data={rows}
          dataKey={category.key}
          series={series.map(({ key, label, color }) => ({ name: key, label, color }))}
          valueFormatter={hoursText}
          withLegend
          // in the order the series are given, not Recharts' alphabetical one
          legendProps={{ verticalAlign: 'bottom', itemSorter: (item) => series.findIndex((one) => one.key === item.dataKey) }}
          tickLine="y"
          xAxisProps={{ tickFormatter: category.tick, minTickGap: 8 }}
          // a target above every bar would fall off the axis, and Recharts would drop its line
          yAxisProps={{ width: 48, allowDecimals: false, domain: [0, (highest: number) => Math.ceil(Math.max(highest, target?.hours ?? 0))] }}
          maxBarWidth={28}
          // the drawing is hidden from assistive technology (the table speaks for it), so it takes no keyboard focus either
          barChartProps={{ accessibilityLayer: false }}
          referenceLines={target ? [{ y: target.hours, label: target.label, color: 'red.6', labelPosition: 'insideTopRight' }] : []}
        />
      </div>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{category.label}</th>
              {series.map((item) => (
                <th scope="col" key={item.key}>
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={String(row[category.key])}>
                <th scope="row">{String(row[category.key])}</th>
                {series.map((item) => (
                  <td key={item.key}>{hoursText(Number(row[item.key] ?? 0))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </figure>
  );
}

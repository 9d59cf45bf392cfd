/**
 * Bar charts as inline SVG strings: no script, no external asset, readable without a browser's help (every bar
 * has a `<title>` tooltip). Stacked series share one bar per label.
 */

export interface BarSeries {
  name: string;
  /** A CSS colour. */
  color: string;
  values: readonly number[];
}

export interface BarChartOptions {
  /** Accessible name of the chart. */
  title: string;
  labels: readonly string[];
  series: readonly BarSeries[];
  /** Stack the series in one bar per label (default) or draw only the first. */
  stacked?: boolean;
  /** Value formatting for the axis and tooltips. */
  format: (value: number) => string;
  /** Top of the axis; default a round number above the largest bar. */
  max?: number;
  width?: number;
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 44, left: 78 };

export function barChart(options: BarChartOptions): string {
  const width = options.width ?? 1040;
  const height = options.height ?? 240;
  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const series = options.stacked === false ? options.series.slice(0, 1) : options.series;
  const count = options.labels.length;
  const totals = options.labels.map((_, index) =>
    series.reduce((sum, entry) => sum + Math.max(0, entry.values[index] ?? 0), 0),
  );
  const max = options.max ?? niceCeiling(Math.max(0, ...totals));
  const y = (value: number) => MARGIN.top + plotHeight - (max === 0 ? 0 : (value / max) * plotHeight);
  const slot = count === 0 ? plotWidth : plotWidth / count;
  const barWidth = Math.max(1, Math.min(48, slot * 0.7));

  const parts: string[] = [];
  for (let tick = 0; tick <= 4; tick += 1) {
    const value = (max * tick) / 4;
    const at = round(y(value));
    parts.push(
      `<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${at}" y2="${at}" stroke="#e5e7eb"/>`,
      `<text x="${MARGIN.left - 8}" y="${at + 4}" text-anchor="end" class="tick">${escapeXml(options.format(value))}</text>`,
    );
  }
  const every = Math.max(1, Math.ceil(count / 16));
  options.labels.forEach((label, index) => {
    const x = MARGIN.left + slot * index + (slot - barWidth) / 2;
    let base = 0;
    for (const entry of series) {
      const value = Math.max(0, entry.values[index] ?? 0);
      if (value > 0) {
        const top = y(base + value);
        parts.push(
          `<rect x="${round(x)}" y="${round(top)}" width="${round(barWidth)}" height="${round(y(base) - top)}" fill="${entry.color}"><title>${escapeXml(`${label}: ${entry.name} ${options.format(value)}`)}</title></rect>`,
        );
      }
      base += value;
    }
    if (index % every === 0) {
      parts.push(
        `<text x="${round(x + barWidth / 2)}" y="${height - MARGIN.bottom + 16}" text-anchor="middle" class="tick">${escapeXml(label)}</text>`,
      );
    }
  });
  parts.push(
    `<line x1="${MARGIN.left}" x2="${width - MARGIN.right}" y1="${round(y(0))}" y2="${round(y(0))}" stroke="#6b7280"/>`,
  );
  const legend = series
    .map(
      (entry, index) =>
        `<rect x="${MARGIN.left + index * 260}" y="${height - 16}" width="12" height="12" fill="${entry.color}"/><text x="${MARGIN.left + index * 260 + 18}" y="${height - 6}" class="legend">${escapeXml(entry.name)}</text>`,
    )
    .join("");
  return `<svg role="img" aria-label="${escapeXml(options.title)}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"><title>${escapeXml(options.title)}</title>${parts.join("")}${legend}</svg>`;
}

/** 1, 2, 2.5 or 5 times a power of ten, at or above `value`. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

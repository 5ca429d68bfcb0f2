import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';

export interface ChartSeries {
  label: string;
  /** A CSS custom property of the theme (`--accent`) or a colour. */
  color: string;
  values: (number | null)[];
  dash?: number[];
}

interface LineChartProps {
  /** What the chart shows, for the canvas's accessible name (the table beside it has the numbers). */
  label: string;
  /** Epoch seconds of each point (UTC hours or days). */
  times: number[];
  /** The x axis's span (epoch seconds): the whole range, however few points have come yet. */
  span: [number, number];
  series: ChartSeries[];
  /** Counts: whole-number ticks only. */
  whole?: boolean;
}

/**
 * A line chart drawn by uPlot on a canvas, loaded here on first use (never with visitors' pages:
 * the console's chunk imports this file, and uPlot comes after it). It fills its box's width and
 * follows it (a phone's 375 px included); times are shown in UTC, as the overview counts them.
 */
export function LineChart({ label, times, span, series, whole }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [spanFrom, spanTo] = span;
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let plot: uPlot | undefined;
    let gone = false;
    const observer = new ResizeObserver(() => plot?.setSize(sizeOf(el)));
    void loadUPlot()
      .then((UPlot) => {
        if (gone) return;
        plot = new UPlot(optionsFor(UPlot, el, [spanFrom, spanTo], series, whole), [times, ...series.map((s) => s.values)], el);
        observer.observe(el);
      })
      .catch((err: unknown) => console.warn('the chart could not be drawn', err));
    return () => {
      gone = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [times, spanFrom, spanTo, series, whole]);
  return (
    <>
      <ul className="overview-legend" aria-hidden="true">
        {series.map((s) => (
          <li key={s.label}>
            <span className="overview-legend__swatch" style={{ background: cssColor(s.color) }} />
            {s.label}
          </li>
        ))}
      </ul>
      <div ref={box} className="overview-chart" role="img" aria-label={label} />
    </>
  );
}

let loading: Promise<typeof uPlot> | undefined;
/** uPlot and its stylesheet, once. */
function loadUPlot(): Promise<typeof uPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);
  return loading;
}

/** A theme colour (`--accent`) as the canvas needs it: its computed value. */
function cssColor(color: string): string {
  if (!color.startsWith('--')) return color;
  return getComputedStyle(document.documentElement).getPropertyValue(color).trim() || '#888';
}

function sizeOf(el: HTMLElement): { width: number; height: number } {
  const width = Math.max(240, Math.floor(el.clientWidth));
  return { width, height: Math.round(Math.min(300, Math.max(200, width * 0.45))) };
}

function optionsFor(UPlot: typeof uPlot, el: HTMLElement, span: [number, number], series: ChartSeries[], whole?: boolean): uPlot.Options {
  const text = cssColor('--text-muted');
  const grid = cssColor('--border');
  const font = `12px ${getComputedStyle(document.body).fontFamily}`;
  const axis = { stroke: text, font, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
  return {
    ...sizeOf(el),
    tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true, range: () => span }, y: { range: (_u, _min, max) => [0, Math.max(whole ? 4 : 1, max * 1.1)] } },
    axes: [
      { ...axis, space: 60 },
      { ...axis, size: 44, ...(whole ? { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000] } : {}) },
    ],
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: cssColor(s.color),
        width: 2,
        ...(s.dash ? { dash: s.dash } : {}),
        points: { show: true, size: 5 },
      })),
    ],
  };
}

/**
 * A bar chart on a canvas (chart.js). Loaded by the Reports page with React.lazy, so chart.js,
 * registered here with only the parts these charts use, is in this chunk alone and never in the
 * staff area's first load. The canvas is an image with a summary for screen readers; the page's
 * table view beside it carries every figure.
 */
import { BarController, BarElement, CategoryScale, Chart, type ChartConfiguration, Legend, LinearScale, Tooltip } from "chart.js";
import { useEffect, useRef } from "react";

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface BarSeries {
  label: string;
  values: number[];
  /** A colour of the admin palette (a canvas cannot read the CSS variables). */
  colour: string;
}

export interface ReportChartProps {
  labels: string[];
  series: BarSeries[];
  /** Bars along the y axis: one row per name (services, cleaners), readable at 390 px. */
  horizontal?: boolean;
  /** How a value reads on its axis and in the tooltip (A$, hours, a count). */
  format: (value: number) => string;
  /** What the chart shows, in a sentence: the canvas's accessible name. */
  summary: string;
  /** Counts (jobs): whole-number ticks only, never "0.2 jobs". */
  wholeNumbers?: boolean;
}

const INK = "#4a5b63";
const GRID = "#dfe7e8";
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

function configOf({ labels, series, horizontal = false, format, wholeNumbers = false }: ReportChartProps): ChartConfiguration<"bar"> {
  const reducedMotion = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const valueAxis = {
    beginAtZero: true,
    grid: { color: GRID },
    ticks: { color: INK, callback: (value: number | string) => format(Number(value)), ...(wholeNumbers ? { precision: 0 } : {}) },
  };
  const labelAxis = { grid: { display: false }, ticks: { color: INK, autoSkip: !horizontal } };
  return {
    type: "bar",
    data: {
      labels,
      datasets: series.map((one) => ({ label: one.label, data: one.values, backgroundColor: one.colour, borderRadius: 3, maxBarThickness: 36 })),
    },
    options: {
      indexAxis: horizontal ? "y" : "x",
      responsive: true,
      // The box's CSS height rules: the width follows the screen, 390 px included.
      maintainAspectRatio: false,
      animation: reducedMotion ? false : undefined,
      font: { family: FONT },
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      plugins: {
        legend: { display: series.length > 1, labels: { color: INK, font: { family: FONT } } },
        tooltip: {
          callbacks: { label: (item) => `${item.dataset.label}: ${format(horizontal ? item.parsed.x ?? 0 : item.parsed.y ?? 0)}` },
        },
      },
    },
  };
}

/** Rows of a horizontal chart need room; a vertical one keeps one height. */
const heightOf = (props: ReportChartProps) => (props.horizontal ? Math.max(160, props.labels.length * 34 + 60) : 280);

export function ReportChart(props: ReportChartProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { labels, series, horizontal, format } = props;

  useEffect(() => {
    const canvas = canvasRef.current;
    // No 2D context (a DOM without canvas, as in tests): the table view has the figures.
    if (!canvas?.getContext("2d")) return;
    const chart = new Chart(canvas, configOf({ labels, series, horizontal, format, summary: "" }));
    return () => chart.destroy();
  }, [labels, series, horizontal, format]);

  return (
    <div className="reports-chart__canvas" style={{ height: `${heightOf(props)}px` }}>
      <canvas ref={canvasRef} role="img" aria-label={props.summary} />
    </div>
  );
}

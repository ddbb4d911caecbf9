import { useMutation, useQuery } from "@tanstack/react-query";
import { Component, type FormEvent, lazy, type ReactNode, Suspense, useId, useMemo, useState } from "react";
import { formatAud } from "@yarra/core/shared/money.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { EmptyState } from "../../ui/empty-state.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import type { ReportRange, ReportSummary } from "@yarra/core/reports/schemas.ts";
import { downloadReportCsv } from "./reports-api.ts";
import {
  cancelledChange,
  type Change,
  cleanersSummary,
  countChange,
  customersChange,
  formatHours,
  formatRating,
  formatUtilisation,
  moneyChange,
  plural,
  ratingChange,
  serviceName,
  servicesSummary,
  weeksSummary,
} from "./reports-figures.ts";
import { reportSummaryQuery } from "./reports-queries.ts";
import {
  DEFAULT_PRESET,
  formatDay,
  formatDayMonth,
  formatRange,
  PRESET_LABELS,
  previousPeriod,
  type RangeProblems,
  rangeProblems,
  resolveRange,
} from "./reports-range.ts";
import { REPORT_PRESETS, type ReportPreset, type ReportsSearch } from "./reports-search.ts";
import "./reports.css";

// Its own chunk, with chart.js: the tiles and tables show while it loads.
const ReportChart = lazy(() => import("./report-chart.tsx").then((module) => ({ default: module.ReportChart })));

export const REPORTS_TEXT = {
  title: "Reports",
  range: "Range",
  from: "From",
  to: "To",
  show: "Show report",
  rangeHint: "Melbourne days, both included.",
  loading: "Loading the report…",
  loadFailed: "Failed to load the report",
  tryAgain: "Try again",
  download: "Download CSV",
  downloading: "Downloading…",
  downloadFailed: "Download failed",
  comparing: "Comparing with the previous period…",
  noComparison: "The previous period couldn’t be loaded.",
  showTable: "Show table",
  hideTable: "Hide table",
  chartFailed: "The chart couldn’t be shown; the table has its figures.",
  noReason: "No reason given",
  noCancellations: "No cancellations in this range.",
  noJobs: "No jobs in this range.",
  noCleaners: "No cleaners to show.",
  noRatings: "No ratings yet",
} as const;

const T = REPORTS_TEXT;

// The admin palette, for the canvas (it cannot read CSS variables).
const TEAL = "#0f6b6e";
const MINT = "#2fc596";

const countOf = (value: number) => value.toLocaleString("en-AU");
const hoursOf = (value: number) => `${formatHours(value)} h`;

interface ReportsPageProps {
  /** The range as the URL holds it. */
  search: ReportsSearch;
  onSearchChange: (search: ReportsSearch) => void;
}

/**
 * The owner's figures for a range of Melbourne days (issue 32): headline tiles against the period
 * before, booked vs collected by week, jobs by service, hours per cleaner, cancellations, the team.
 */
export function ReportsPage({ search, onSearchChange }: ReportsPageProps) {
  const resolved = resolveRange(search, new Date());
  const { range } = resolved;
  const previousRange = resolved.ok ? previousPeriod(range) : range;
  const current = useQuery({ ...reportSummaryQuery(range), enabled: resolved.ok });
  const previous = useQuery({ ...reportSummaryQuery(previousRange), enabled: resolved.ok });
  const csv = useMutation({ mutationFn: downloadReportCsv });
  const csvFailure = csv.isError ? asFailure(csv.error, T.downloadFailed) : null;

  // A 422 about the dates belongs on the date fields; anything else is the page's failure.
  const serverFieldErrors = current.isError ? fieldErrorsOf(current.error) : {};
  const rangeRefused = resolved.preset === "custom" && ("from" in serverFieldErrors || "to" in serverFieldErrors);
  const report = resolved.ok && !current.isError ? current.data : undefined;
  // Compared only once both answers are for the range shown and the period just before it.
  const periodBefore = report ? previousPeriod(report) : null;
  const before = periodBefore && previous.data?.from === periodBefore.from && previous.data.to === periodBefore.to ? previous.data : undefined;
  const comparison: Comparison = before ? { state: "ready", previous: before } : previous.isError ? { state: "failed" } : { state: "loading" };
  const retrying = current.isError && current.isFetching;

  function choosePreset(preset: ReportPreset) {
    if (preset === "custom") onSearchChange({ preset, from: range.from, to: range.to });
    else onSearchChange({ preset: preset === DEFAULT_PRESET ? undefined : preset });
  }

  return (
    <section className="reports" aria-labelledby="reports-title">
      <PageHeader title={T.title} titleId="reports-title">
        <button
          type="button"
          className="admin-button admin-button--primary"
          disabled={!resolved.ok || rangeRefused || csv.isPending}
          onClick={() => csv.mutate(range)}
        >
          {csv.isPending ? T.downloading : T.download}
        </button>
      </PageHeader>

      <RangeForm
        key={`${resolved.preset}|${range.from}|${range.to}`}
        preset={resolved.preset}
        range={range}
        urlProblems={resolved.ok ? null : resolved.problems}
        serverErrors={rangeRefused ? serverFieldErrors : {}}
        onPreset={choosePreset}
        onApply={(chosen) => onSearchChange({ preset: "custom", from: chosen.from, to: chosen.to })}
      />
      {resolved.ok && (
        <p className="reports-period">
          <strong>{formatRange(range)}</strong>
          {" · "}compared with {formatRange(previousRange)}
        </p>
      )}

      {csvFailure && <ErrorAlert failure={csvFailure} message={csvFailure.serverMessage} onDismiss={csv.reset} />}

      {resolved.ok && (current.isPending || retrying) && <p role="status">{T.loading}</p>}
      {current.isError && !retrying && !rangeRefused && (
        <div className="reports-load-error">
          <ErrorAlert failure={asFailure(current.error)} message={T.loadFailed} />
          <button type="button" className="admin-button admin-button--secondary" onClick={() => void current.refetch()}>
            {T.tryAgain}
          </button>
        </div>
      )}

      {report && (
        <div className="reports-body" aria-busy={current.isPlaceholderData}>
          {current.isPlaceholderData && <p role="status" className="reports-updating">{T.loading}</p>}
          <Tiles report={report} comparison={comparison} />
          <Charts report={report} />
          <Cancellations report={report} />
          <CleanersTable report={report} />
        </div>
      )}
    </section>
  );
}

interface RangeFormProps {
  preset: ReportPreset;
  range: ReportRange;
  /** What is wrong with a custom range the URL carries, before anything is asked. */
  urlProblems: RangeProblems | null;
  /** The server's refusal of the range, by field. */
  serverErrors: Record<string, string[]>;
  onPreset: (preset: ReportPreset) => void;
  onApply: (range: ReportRange) => void;
}

/** The preset, and for a custom range its two dates, checked as the server checks them. */
function RangeForm({ preset, range, urlProblems, serverErrors, onPreset, onApply }: RangeFormProps) {
  const [draft, setDraft] = useState(range);
  const [problems, setProblems] = useState(urlProblems);
  const errorsOf = (field: keyof ReportRange): string[] | undefined => {
    if (problems) return problems[field] ? [problems[field]] : undefined;
    return serverErrors[field];
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = rangeProblems(draft);
    setProblems(found);
    if (!found) onApply(draft);
  }

  return (
    <form className="reports-range admin-card" aria-label="Report range" noValidate onSubmit={submit}>
      <FormField label={T.range} className="reports-range__preset">
        {(control) => (
          <select {...control} className="admin-input" value={preset} onChange={(event) => onPreset(event.target.value as ReportPreset)}>
            {REPORT_PRESETS.map((value) => <option key={value} value={value}>{PRESET_LABELS[value]}</option>)}
          </select>
        )}
      </FormField>
      {preset === "custom" && (
        <>
          <FormField label={T.from} errors={errorsOf("from")}>
            {(control) => (
              <input {...control} className="admin-input" type="date" value={draft.from}
                onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
            )}
          </FormField>
          <FormField label={T.to} errors={errorsOf("to")}>
            {(control) => (
              <input {...control} className="admin-input" type="date" value={draft.to}
                onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
            )}
          </FormField>
          <div className="reports-range__apply">
            <button type="submit" className="admin-button admin-button--secondary">{T.show}</button>
          </div>
          <p className="admin-field__hint reports-range__hint">{T.rangeHint}</p>
        </>
      )}
    </form>
  );
}

type Comparison = { state: "ready"; previous: ReportSummary } | { state: "loading" } | { state: "failed" };

interface TileProps {
  label: string;
  value: string;
  detail?: string;
  /** Omitted for a figure that is today's, not the range's. */
  change?: (previous: ReportSummary) => Change | null;
  /** Fewer is better (outstanding money, cancellations): how the change is coloured. */
  lowerIsBetter?: boolean;
  note?: string;
  comparison: Comparison;
}

function Tile({ label, value, detail, change, lowerIsBetter, note, comparison }: TileProps) {
  let changeLine: ReactNode = null;
  if (change && comparison.state === "loading") changeLine = <p className="reports-tile__change">{T.comparing}</p>;
  if (change && comparison.state === "failed") changeLine = <p className="reports-tile__change">{T.noComparison}</p>;
  if (change && comparison.state === "ready") {
    const found = change(comparison.previous);
    if (found) {
      const better = found.direction === "same" ? "same" : (found.direction === "up") !== Boolean(lowerIsBetter) ? "better" : "worse";
      changeLine = (
        <p className={`reports-tile__change reports-tile__change--${better}`}>
          <span aria-hidden="true" className="reports-tile__arrow">{found.direction === "up" ? "▲" : found.direction === "down" ? "▼" : "●"}</span>
          {found.text}
        </p>
      );
    }
  }
  return (
    <li className="reports-tile">
      <h3 className="reports-tile__label">{label}</h3>
      <p className="reports-tile__value">{value}</p>
      {detail && <p className="reports-tile__detail">{detail}</p>}
      {changeLine}
      {note && <p className="reports-tile__note">{note}</p>}
    </li>
  );
}

function Tiles({ report, comparison }: { report: ReportSummary; comparison: Comparison }) {
  return (
    <ul className="reports-tiles" aria-label="Headline figures">
      <Tile label="Booked" value={formatAud(report.bookedRevenue)} comparison={comparison}
        change={(before) => moneyChange(report.bookedRevenue, before.bookedRevenue)} />
      <Tile label="Collected" value={formatAud(report.collected)} comparison={comparison}
        change={(before) => moneyChange(report.collected, before.collected)} />
      <Tile label="Outstanding" value={formatAud(report.outstanding)} comparison={comparison} lowerIsBetter
        change={(before) => moneyChange(report.outstanding, before.outstanding)} />
      <Tile label="Jobs" value={countOf(report.jobs)} comparison={comparison}
        change={(before) => countChange(report.jobs, before.jobs)} />
      <Tile label="Cancelled" value={countOf(report.cancelled)} detail={`worth ${formatAud(report.cancelledValue)}`}
        comparison={comparison} lowerIsBetter
        change={(before) =>
          cancelledChange({ count: report.cancelled, value: report.cancelledValue }, { count: before.cancelled, value: before.cancelledValue })} />
      <Tile label="New / returning customers" value={`${countOf(report.newCustomers)} / ${countOf(report.returningCustomers)}`}
        detail={`${countOf(report.newCustomers)} new, ${countOf(report.returningCustomers)} returning`} comparison={comparison}
        change={(before) => customersChange(report, before)} />
      {/* Today's regular cleans at today's prices, whatever the range: there is no earlier figure to compare with. */}
      <Tile label="Regular work per 4 weeks" value={formatAud(report.recurringRunRate)} comparison={comparison}
        note="From the regular cleans active today, at their current prices." />
      <Tile label="Average rating" value={report.averageRating === null ? T.noRatings : `${formatRating(report.averageRating)} / 5`}
        detail={report.ratings > 0 ? plural(report.ratings, "rating", "ratings") : undefined} comparison={comparison}
        change={(before) => ratingChange(report.averageRating, before.averageRating)} />
    </ul>
  );
}

/** Shows the table instead of the chart when chart.js could not be loaded (an offline moment). */
class ChartBoundary extends Component<{ onFail: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    this.props.onFail();
  }
  render() {
    return this.state.failed ? <p className="reports-chart__note">{T.chartFailed}</p> : this.props.children;
  }
}

interface ChartPanelProps {
  title: string;
  chart: ReactNode;
  table: (captionId: string) => ReactNode;
}

/** A chart with its table view behind a Show table toggle; the table alone when the chart can't show. */
function ChartPanel({ title, chart, table }: ChartPanelProps) {
  const id = useId();
  const [tableShown, setTableShown] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const shown = tableShown || chartFailed;
  return (
    <section className="reports-chart admin-card" aria-labelledby={`${id}-title`}>
      <div className="reports-chart__header">
        <h2 id={`${id}-title`} className="admin-card__title">{title}</h2>
        {!chartFailed && (
          <button type="button" className="admin-button admin-button--secondary admin-button--small"
            aria-expanded={tableShown} aria-controls={`${id}-table`} onClick={() => setTableShown(!tableShown)}>
            {tableShown ? T.hideTable : T.showTable}
          </button>
        )}
      </div>
      <ChartBoundary onFail={() => setChartFailed(true)}>
        <Suspense fallback={<p className="reports-chart__note" role="status">Loading the chart…</p>}>{chart}</Suspense>
      </ChartBoundary>
      <div id={`${id}-table`} hidden={!shown}>
        <TableBox captionId={`${id}-caption`}>{table(`${id}-caption`)}</TableBox>
      </div>
    </section>
  );
}

/** A table that scrolls inside its own box on a narrow screen, reachable by keyboard. */
function TableBox({ captionId, children }: { captionId: string; children: ReactNode }) {
  return (
    <div className="reports-table__wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      {children}
    </div>
  );
}

function Charts({ report }: { report: ReportSummary }) {
  const weeks = useMemo(() => ({
    labels: report.byWeek.map((week) => formatDayMonth(week.weekStart)),
    series: [
      { label: "Booked", values: report.byWeek.map((week) => week.booked), colour: TEAL },
      { label: "Collected", values: report.byWeek.map((week) => week.collected), colour: MINT },
    ],
  }), [report.byWeek]);
  const services = useMemo(() => ({
    labels: report.byService.map(serviceName),
    series: [{ label: "Jobs", values: report.byService.map((service) => service.jobs), colour: TEAL }],
  }), [report.byService]);
  const cleaners = useMemo(() => ({
    labels: report.byCleaner.map((cleaner) => cleaner.name),
    series: [{ label: "Hours", values: report.byCleaner.map((cleaner) => cleaner.hours), colour: TEAL }],
  }), [report.byCleaner]);

  return (
    <div className="reports-charts">
      <ChartPanel
        title="Booked vs collected by week"
        chart={<ReportChart {...weeks} format={formatAud} summary={weeksSummary(report.byWeek)} />}
        table={(captionId) => (
          <table className="reports-table">
            <caption id={captionId} className="admin-visually-hidden">Booked vs collected by week</caption>
            <thead>
              <tr><th scope="col">Week of</th><th scope="col">Booked</th><th scope="col">Collected</th><th scope="col">Jobs</th><th scope="col">Cancelled</th></tr>
            </thead>
            <tbody>
              {report.byWeek.map((week) => (
                <tr key={week.weekStart}>
                  <th scope="row">{formatDay(week.weekStart)}</th>
                  <td>{formatAud(week.booked)}</td>
                  <td>{formatAud(week.collected)}</td>
                  <td>{countOf(week.jobs)}</td>
                  <td>{countOf(week.cancelled)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      />
      {report.byService.length === 0 ? (
        <section className="reports-chart admin-card" aria-labelledby="reports-services-title">
          <h2 id="reports-services-title" className="admin-card__title">Jobs by service</h2>
          <EmptyState>{T.noJobs}</EmptyState>
        </section>
      ) : (
        <ChartPanel
          title="Jobs by service"
          chart={<ReportChart {...services} horizontal wholeNumbers format={countOf} summary={servicesSummary(report.byService)} />}
          table={(captionId) => (
            <table className="reports-table">
              <caption id={captionId} className="admin-visually-hidden">Jobs by service</caption>
              <thead><tr><th scope="col">Service</th><th scope="col">Jobs</th><th scope="col">Booked</th></tr></thead>
              <tbody>
                {report.byService.map((service) => (
                  <tr key={service.serviceId ?? `deleted-${service.name}`}>
                    <th scope="row"><bdi>{serviceName(service)}</bdi></th>
                    <td>{countOf(service.jobs)}</td>
                    <td>{formatAud(service.booked)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        />
      )}
      {report.byCleaner.length > 0 && (
        <ChartPanel
          title="Hours per cleaner"
          chart={<ReportChart {...cleaners} horizontal format={hoursOf} summary={cleanersSummary(report.byCleaner)} />}
          table={(captionId) => (
            <table className="reports-table">
              <caption id={captionId} className="admin-visually-hidden">Hours per cleaner</caption>
              <thead><tr><th scope="col">Cleaner</th><th scope="col">Hours</th><th scope="col">Jobs</th></tr></thead>
              <tbody>
                {report.byCleaner.map((cleaner) => (
                  <tr key={cleaner.cleanerId}>
                    <th scope="row"><bdi>{cleaner.name}</bdi></th>
                    <td>{formatHours(cleaner.hours)}</td>
                    <td>{countOf(cleaner.jobs)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        />
      )}
    </div>
  );
}

function Cancellations({ report }: { report: ReportSummary }) {
  const id = useId();
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__title">Cancellations by reason</h2>
      {report.cancelReasons.length === 0 ? <EmptyState>{T.noCancellations}</EmptyState> : (
        <TableBox captionId={`${id}-caption`}>
          <table className="reports-table">
            <caption id={`${id}-caption`} className="admin-visually-hidden">Cancellations by reason</caption>
            <thead><tr><th scope="col">Reason</th><th scope="col">Cancellations</th></tr></thead>
            <tbody>
              {report.cancelReasons.map((row) => (
                <tr key={row.reason}>
                  <th scope="row">{row.reason.trim() ? <bdi>{row.reason}</bdi> : <em>{T.noReason}</em>}</th>
                  <td>{countOf(row.count)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

function CleanersTable({ report }: { report: ReportSummary }) {
  const id = useId();
  return (
    <section className="admin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="admin-card__title">Cleaners</h2>
      {report.byCleaner.length === 0 ? <EmptyState>{T.noCleaners}</EmptyState> : (
        <TableBox captionId={`${id}-caption`}>
          <table className="reports-table">
            <caption id={`${id}-caption`} className="admin-visually-hidden">Cleaners</caption>
            <thead>
              <tr>
                <th scope="col">Cleaner</th><th scope="col">Jobs</th><th scope="col">Hours</th>
                <th scope="col">Utilisation</th><th scope="col">Average rating</th>
              </tr>
            </thead>
            <tbody>
              {report.byCleaner.map((cleaner) => (
                <tr key={cleaner.cleanerId}>
                  <th scope="row"><bdi>{cleaner.name}</bdi></th>
                  <td>{countOf(cleaner.jobs)}</td>
                  <td>{formatHours(cleaner.hours)}</td>
                  <td>{formatUtilisation(cleaner.utilisation)}</td>
                  <td>{formatRating(cleaner.averageRating)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableBox>
      )}
    </section>
  );
}

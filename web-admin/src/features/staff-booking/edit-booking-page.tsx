import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation, useNavigate } from "@tanstack/react-router";
import { DRAFT_MESSAGES } from "@yarra/core/booking/draft/validation.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { isRecurring } from "@yarra/core/series/occurrences.ts";
import { formatJobLength } from "@yarra/core/booking/capacity/scheduling.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { formatMelbourneDateTime } from "@yarra/core/shared/melbourne-time.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { errorCodeOf } from "../../lib/error-code.ts";
import { readSession } from "../../lib/session.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { MessagePage } from "../../ui/message-page.tsx";
import { PageHeader } from "../../ui/page-header.tsx";
import {
  type BookingCatalogue,
  bookingRecordQuery,
  BOOKINGS_KEY,
  catalogueQuery,
  convertQuote,
  type EditPreviewDto,
  extrasQuery,
  previewBookingEdit,
  saveBookingEdit,
} from "./staff-booking-api.ts";
import { alertOf, PricePanel, StaffBookingFields } from "./staff-booking-fields.tsx";
import {
  type BookingChanges,
  type BookingDto,
  changesOf,
  changesPrice,
  formOf,
  jobLengthOf,
  livePrice,
  type StaffBookingForm,
  validateForm,
} from "./staff-booking-form.ts";
import "./staff-booking.css";

export const EDIT_BOOKING_TEXT = {
  titleBooking: "Edit booking",
  titleQuote: "Edit quote",
  back: "Back to the booking",
  loading: "Loading the booking…",
  loadFailed: "Failed to load the booking",
  notFound: "No booking or quote has this id; it may have been mistyped.",
  cancelled: "A cancelled booking can’t be changed. Make a new booking instead.",
  quoteLocked: "A quote’s size, add-ons and frequency can’t be changed here: convert it to a booking first.",
  serviceGone: (name: string) => `${name} is no longer in the catalogue, so the size, add-ons and frequency can’t be changed.`,
  notify: "E-mail the customer what changed (with the updated calendar invite)",
  review: "Review changes",
  reviewing: "Checking…",
  nothingChanged: "Nothing has changed yet.",
  beforeAfter: "Before / After",
  before: "Before",
  after: "After",
  when: "When",
  length: "Job length",
  base: "Base",
  extras: "Extras",
  firstService: "First service",
  recurring: "Recurring",
  priceChanged: "The price changes: it is worked out again from the catalogue as it is now.",
  priceSame: "The price stays the same.",
  save: "Save changes",
  saving: "Saving…",
  keepEditing: "Keep editing",
  saveFailed: "Saving the changes failed",
  priceAsBooked: "Price as booked",
  newPrice: "New price (today’s catalogue)",
  convertTitle: "Convert to booking",
  convertIntro: (when: string) => `The quote becomes a pending booking on ${when}, at its estimated price.`,
  convertNotify: "E-mail the customer the booking (with a calendar invite)",
  convert: "Convert to booking",
  converting: "Converting…",
  convertSaveFirst: "Save or undo your changes first: the quote is converted at its saved time.",
  override: "Go ahead anyway (override capacity)",
  // Issue 28: a new frequency starts or ends a regular clean; the review says so before Save.
  startsSeries: (frequency: string) =>
    `Saving makes this a regular clean (${frequency}): its next visits are booked at the same time, and they show on its page.`,
  endsSeries: "Saving ends this regular clean after this visit: its later visits are cancelled and the customer is told (if e-mailed).",
} as const;

const T = EDIT_BOOKING_TEXT;

/** Changing a booking or quote (issue 16); a quote may also become a booking here. */
export function EditBookingPage({ bookingId }: { bookingId: string }) {
  const record = useQuery(bookingRecordQuery(bookingId));
  const catalogue = useQuery(catalogueQuery);
  const titleId = useId();
  const back = <Link to="/bookings/$bookingId" params={{ bookingId }} className="bookings-back">{T.back}</Link>;
  if (record.isError && errorCodeOf(record.error) === "BOOKING_NOT_FOUND") {
    return (
      <MessagePage title="Not found">
        <p>{T.notFound}</p>
      </MessagePage>
    );
  }
  const failed = record.error ?? catalogue.error;
  return (
    <section className="staff-booking" aria-labelledby={titleId}>
      <p>{back}</p>
      <PageHeader title={record.data?.type === "QUOTE" ? T.titleQuote : T.titleBooking} titleId={titleId} />
      {(record.isPending || catalogue.isPending) && !failed && <p role="status">{T.loading}</p>}
      {failed && <ErrorAlert failure={asFailure(failed, T.loadFailed)} message={T.loadFailed} />}
      {record.data?.status === "CANCELLED" && <p className="admin-alert" role="status">{T.cancelled}</p>}
      {record.data && record.data.status !== "CANCELLED" && catalogue.data && (
        <EditBookingForm key={record.data._id} record={record.data} catalogue={catalogue.data} />
      )}
    </section>
  );
}

const lengthOf = (booking: BookingDto) => (new Date(booking.endTime).getTime() - new Date(booking.startTime).getTime()) / 60_000;

function EditBookingForm({ record, catalogue }: { record: BookingDto; catalogue: BookingCatalogue }) {
  const initial = useMemo(() => formOf(record), [record]);
  // The Convert card's own tick: converting acts on the saved quote, not on this form.
  const [convertNotify, setConvertNotify] = useState(true);
  const [preview, setPreview] = useState<EditPreviewDto | null>(null);
  const [override, setOverride] = useState(false);
  const [refusedForCapacity, setRefusedForCapacity] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const hash = useLocation({ select: (location) => location.hash });
  const convertRef = useRef<HTMLHeadingElement>(null);
  const isQuote = record.type === "QUOTE";
  const isSuperadmin = readSession()?.user.role === "superadmin";
  const serviceOffered = catalogue.services.some((s) => s._id === record.serviceId);
  const extras = useQuery({ ...extrasQuery(record.serviceId ?? ""), enabled: serviceOffered });
  const pricing = { services: catalogue.services, frequencies: catalogue.frequencies, extras: extras.data ?? [] };
  const pricingLocked = isQuote ? T.quoteLocked : !serviceOffered ? T.serviceGone(record.serviceNameAtBooking) : undefined;
  const bookedExtraTitles = Object.fromEntries(record.extras.map((e) => [e.extraId, e.titleAtBooking]));

  /** A write the server may refuse for capacity: a superadmin may then go ahead anyway. */
  async function refusable<T>(write: () => Promise<T>): Promise<T> {
    setRefusedForCapacity(false);
    try {
      return await write();
    } catch (error) {
      setRefusedForCapacity(errorCodeOf(error) === "SLOT_UNAVAILABLE");
      throw error;
    }
  }
  const booking = useStaffForm<StaffBookingForm, BookingChanges>({
    defaultValues: initial,
    // Core's checks of the booking as changed (the start only when it moves); the body is what differs.
    resolver: checkResolver((values) => {
      const changes = changesOf(values, initial, record.pricingModel);
      const found = validateForm(values, {
        now: new Date(),
        scheduling: catalogue.scheduling,
        pricingModel: record.pricingModel,
        questions: [],
        judgeStart: "startTimeISO" in changes,
      });
      return Object.keys(found).length > 0 ? { ok: false, fieldErrors: found } : { ok: true, value: changes };
    }),
    // Review changes: the server says what the change would do (Before / After) and writes nothing.
    onSubmit: (changes, values) =>
      refusable(async () => {
        const options = { ...(override ? { overrideCapacity: true } : {}), ...(values.allowOutsideHours ? { allowOutsideHours: true } : {}) };
        setPreview(await previewBookingEdit(record._id, { ...changes, ...options }));
      }),
    focusServerErrors: true,
  });
  const { form, values, failure: writeError, dismissFailure, showFailure, working: reviewing, formRef, submit } = booking;
  const changes = changesOf(values, initial, record.pricingModel);
  const changed = Object.keys(changes).length > 0;
  const repricing = changesPrice(changes) && serviceOffered;

  // Every edit of the booking makes the last review stale; whom to e-mail is no edit of it.
  useEffect(() => {
    const watching = form.watch((_values, { name }) => {
      if (name !== "notifyCustomer") setPreview(null);
    });
    return () => watching.unsubscribe();
  }, [form]);

  const settled = (answer: BookingDto) => {
    void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
    // Saved: nothing is left to lose, so the unsaved-changes guard need not ask.
    void navigate({ to: "/bookings/$bookingId", params: { bookingId: answer._id }, ignoreBlocker: true });
  };
  // Saving what the review showed, and converting the quote: refusals show as the review's do.
  const save = useMutation({
    mutationFn: () =>
      refusable(() =>
        saveBookingEdit(record._id, changes, {
          notifyCustomer: values.notifyCustomer,
          overrideCapacity: override,
          allowOutsideHours: values.allowOutsideHours,
        })
      ),
    onMutate: dismissFailure,
    onSuccess: settled,
    onError: (error) => showFailure(error),
  });
  const convert = useMutation({
    mutationFn: () =>
      refusable(() =>
        convertQuote(record._id, { notifyCustomer: convertNotify, overrideCapacity: override, allowOutsideHours: values.allowOutsideHours })
      ),
    onMutate: dismissFailure,
    onSuccess: settled,
    onError: (error) => showFailure(error),
  });
  useUnsavedChanges(changed && !save.isSuccess);

  useEffect(() => {
    if (hash === "convert") convertRef.current?.focus();
  }, [hash]);

  const busy = reviewing || save.isPending || convert.isPending;
  // What the new frequency does to the regular clean, as the server decides it (frequencyChange).
  const chosenFrequency = catalogue.frequencies.find((f) => f.code === values.frequencyCode);
  const frequencyChanged = record.type === "BOOKING" && "frequencyCode" in changes && chosenFrequency !== undefined;
  const repeats = chosenFrequency !== undefined && isRecurring({ unit: chosenFrequency.repeatUnit, every: chosenFrequency.repeatEvery });
  const seriesEffect = !frequencyChanged
    ? null
    : record.seriesId === null
    ? (repeats ? T.startsSeries(chosenFrequency.name) : null)
    : (repeats ? null : T.endsSeries);
  const failure = alertOf(writeError, T.saveFailed);
  const afterLength = repricing ? jobLengthOf(values, pricing) : lengthOf(record);
  const totals = repricing ? livePrice(values, pricing)?.totals ?? null : record;

  return (
    <>
      <form ref={formRef} className="staff-booking__form" noValidate onSubmit={(event) => (changed ? submit(event) : event.preventDefault())}>
        <div className="staff-booking__layout">
          <div className="staff-booking__fields">
            <StaffBookingFields
              booking={booking}
              services={catalogue.services}
              frequencies={catalogue.frequencies}
              extras={serviceOffered ? extras.data ?? [] : []}
              scheduling={catalogue.scheduling}
              now={new Date()}
              serviceName={record.serviceNameAtBooking}
              pricingLocked={pricingLocked}
              bookedExtraTitles={bookedExtraTitles}
            />
          </div>
          <aside className="staff-booking__aside">
            <PricePanel
              totals={totals}
              lengthMinutes={afterLength}
              oneTime={(repricing ? values.frequencyCode : record.frequencyCode) === DEFAULT_FREQUENCY_CODE}
              heading={repricing ? T.newPrice : T.priceAsBooked}
            />
            <label className="admin-check">
              <input type="checkbox" {...form.register("notifyCustomer")} />
              {T.notify}
            </label>
            {Object.keys(form.formState.errors).length > 0 && <p className="admin-field__error" role="alert">{DRAFT_MESSAGES.banner}</p>}
            {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={dismissFailure} />}
            {refusedForCapacity && isSuperadmin && !override && (
              <button type="button" className="admin-button" onClick={() => setOverride(true)}>{T.override}</button>
            )}
            {!changed && <p className="admin-field__hint">{T.nothingChanged}</p>}
            {!preview && (
              <div className="admin-form-actions">
                <button type="submit" className="admin-button admin-button--primary" disabled={busy || !changed}>
                  {reviewing ? T.reviewing : T.review}
                </button>
              </div>
            )}
          </aside>
        </div>
      </form>

      {preview && (
        <BeforeAfter preview={preview}>
          {seriesEffect && <p className="staff-booking__series-effect" role="status">{seriesEffect}</p>}
          <div className="admin-form-actions">
            <button type="button" className="admin-button admin-button--primary" disabled={busy} onClick={() => save.mutate()}>
              {save.isPending ? T.saving : T.save}
            </button>
            <button type="button" className="admin-button" disabled={busy} onClick={() => setPreview(null)}>{T.keepEditing}</button>
          </div>
        </BeforeAfter>
      )}

      {isQuote && (
        <section className="admin-card staff-booking__convert" aria-labelledby="staff-booking-convert">
          <h2 id="staff-booking-convert" className="admin-card__title" tabIndex={-1} ref={convertRef}>{T.convertTitle}</h2>
          <p>{T.convertIntro(formatMelbourneDateTime(new Date(record.startTime)))}</p>
          <label className="admin-check">
            <input type="checkbox" checked={convertNotify} onChange={(e) => setConvertNotify(e.target.checked)} />
            {T.convertNotify}
          </label>
          {changed && <p className="admin-field__hint">{T.convertSaveFirst}</p>}
          <div className="admin-form-actions">
            <button type="button" className="admin-button admin-button--primary" disabled={busy || changed} onClick={() => convert.mutate()}>
              {convert.isPending ? T.converting : T.convert}
            </button>
          </div>
        </section>
      )}
    </>
  );
}

/** The booking now and as the change leaves it, as the server's preview answered. */
function BeforeAfter({ preview, children }: { preview: EditPreviewDto; children: ReactNode }) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // The review appears below the form: take the staff member (and a screen reader) to it.
  useEffect(() => heading.current?.focus(), []);
  const { before, after } = preview;
  const rows: [string, string, string][] = [
    [T.when, formatMelbourneDateTime(new Date(before.startTime)), formatMelbourneDateTime(new Date(after.startTime))],
    [T.length, formatJobLength(lengthOf(before)), formatJobLength(lengthOf(after))],
    [T.base, formatAud(before.baseAmount), formatAud(after.baseAmount)],
    [T.extras, formatAud(before.extrasAmount), formatAud(after.extrasAmount)],
    [T.firstService, formatAud(before.firstServiceTotal), formatAud(after.firstServiceTotal)],
    [T.recurring, formatAud(before.recurringTotal), formatAud(after.recurringTotal)],
  ];
  return (
    <section className="admin-card staff-booking__review" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title" tabIndex={-1} ref={heading}>{T.beforeAfter}</h2>
      <table className="staff-booking__compare">
        <thead>
          <tr>
            <th scope="col"><span className="admin-visually-hidden">What</span></th>
            <th scope="col">{T.before}</th>
            <th scope="col">{T.after}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([what, was, now]) => (
            <tr key={what} className={was === now ? undefined : "is-changed"}>
              <th scope="row">{what}</th>
              <td>{was}</td>
              <td>{now}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{preview.priceChanged ? T.priceChanged : T.priceSame}</p>
      {children}
    </section>
  );
}

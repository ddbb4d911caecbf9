import { type ApiError, isApiError } from "@yarra/api/client/http.ts";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import type { QuestionDto, ServiceDto } from "@yarra/api/client/types.ts";
import { DRAFT_MESSAGES } from "@yarra/core/booking/draft/validation.ts";
import { inServiceArea, OUTSIDE_SERVICE_AREA_MESSAGE } from "@yarra/core/settings/service-area.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLoadable } from "../../lib/loadable.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { jobLengthOf, unofferedChoice } from "./availability-calendar.ts";
import { checkAvailability, type SubmitKind, submitDraft } from "./booking-api.ts";
import { BookingAside } from "./booking-aside.tsx";
import { type BookingPageData, questionsAtSubmit, useBookingCatalog } from "./booking-data.ts";
import {
  type BookingForm as FormState,
  EMPTY_FORM,
  firstInvalidSection,
  type FormSection,
  livePrice,
  startTimeIsoOf,
  stepTicks,
  toDraftInput,
  validateForm,
  withService,
} from "./booking-draft.ts";
import { AddressSection, ContactSection } from "./contact-sections.tsx";
import { clearStoredDraft, storeDraft } from "./draft-storage.ts";
import { type FormChange, goToSection, sectionId } from "./form-section.tsx";
import { FrequencySection } from "./frequency-section.tsx";
import { newIdempotencyKey } from "../../lib/idempotency-key.ts";
import { ConfirmedPrice, PriceSummary } from "./price-summary.tsx";
import { QUESTIONS_NEEDED_MESSAGE, QuestionsSection } from "./questions-section.tsx";
import { type BookingResult } from "./receipt.ts";
import { ResultCard } from "./result-card.tsx";
import { DepositReturnNotice } from "./deposit.tsx";
import { ReviewSection } from "./review-section.tsx";
import {
  type AvailabilityState,
  CALENDAR_LOAD_ERROR,
  ScheduleSection,
  unofferedNotice,
} from "./schedule-section.tsx";
import { ServiceSection } from "./service-section.tsx";
import { StepNav } from "./step-nav.tsx";
import { useAvailability } from "./use-availability.ts";
import { visitEndOf } from "./visit-length.ts";

export const BOOKING_FAILED = "We couldn’t complete your booking right now. Please try again in a moment.";
export const QUOTE_FAILED = "We couldn’t submit your quote right now. Please try again in a moment.";

type Banner = { failure: Pick<ApiError, "title" | "text" | "fieldErrors" | "code" | "serverMessage">; message: string };

const VALIDATION_BANNER: Banner = {
  failure: { title: "Validation error", text: DRAFT_MESSAGES.banner },
  message: DRAFT_MESSAGES.banner,
};

/** Under Book Now's place outside the service area, where a quote request is offered instead. */
export const quoteOnlyText = (postCode: string) =>
  `We don’t clean in postcode ${postCode} yet, so we can’t take a booking there online. Request a quote instead and we’ll be in touch.`;

/** Paths that change the start or the length of the job: a known answer no longer holds. */
const SCHEDULE_PATHS = new Set(["startTimeISO", "hours"]);

/** Removes the errors of the touched fields (and their sub-paths, e.g. extras.0.quantity). */
function withoutErrors(errors: FieldErrors, touched: string[]): FieldErrors {
  if (touched.length === 0) return errors;
  const next: FieldErrors = {};
  let changed = false;
  for (const [path, messages] of Object.entries(errors)) {
    if (touched.some((t) => path === t || path.startsWith(`${t}.`))) changed = true;
    else next[path] = messages;
  }
  return changed ? next : errors;
}

/**
 * A function of stable identity that always runs the latest `handler`, so a memoised section
 * given it does not re-render because its parent did. For event handlers, not for rendering.
 */
function useStableHandler<Args extends unknown[], Result>(handler: (...args: Args) => Result) {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}

interface BookingFormViewProps {
  data: BookingPageData;
  onRetry: () => void;
  /** `/book-now?service=<slug>`: the service to choose for the customer, when it exists. */
  preselectSlug?: string;
}

/** The booking form: seven sections, a live price, and submission as a booking or a quote. */
export function BookingFormView({ data, onRetry, preselectSlug }: BookingFormViewProps) {
  const [form, setForm] = useState<FormState>(EMPTY_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner | null>(null);
  const [availability, setAvailability] = useState<AvailabilityState>({ status: "unknown" });
  const [submitting, setSubmitting] = useState<SubmitKind | null>(null);
  const [result, setResult] = useState<BookingResult | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ section: FormSection } | null>(null);
  /** Why the chosen day or time was just cleared (the calendar stopped offering it). */
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  /** The tab's stored draft has been put back (or there was none): from then on it is kept. */
  const [restored, setRestored] = useState(false);
  /** The `?service=` slug this draft has had applied, so a reload does not apply it over a change. */
  const [preselected, setPreselected] = useState<string | undefined>(undefined);
  const [servicesChecked, setServicesChecked] = useState(false);
  const [, setQuestionsAttempt] = useState(0);
  const submittingRef = useRef(false);
  const availabilityRun = useRef(0);
  /** The key of the attempt that may have reached the server; reused only for the same draft. */
  const attempt = useRef<{ fingerprint: string; key: string } | null>(null);

  const catalog = useBookingCatalog(data, form.serviceId);
  const settings = catalog.calendar.status === "ready" ? catalog.calendar.value : null;
  const storedDraft = useLoadable(data.storedDraft);

  // Back or reload: the draft this tab kept comes back once it is read (after hydration).
  if (!restored && storedDraft.status !== "loading") {
    setRestored(true);
    const draft = storedDraft.status === "ready" ? storedDraft.value : null;
    if (draft) {
      setForm(draft.form);
      setPreselected(draft.preselected);
    }
  }
  // Once the services are known: `?service=` chooses its service, unless this draft already had it
  // applied; and a kept draft's service since withdrawn is unchosen rather than sent.
  if (restored && !servicesChecked && catalog.services.length > 0) {
    setServicesChecked(true);
    const wanted = preselectSlug && preselectSlug !== preselected
      ? catalog.services.find((s) => s.slug === preselectSlug)
      : undefined;
    if (wanted) setPreselected(preselectSlug);
    setForm((current) => {
      const chosen = wanted ?? catalog.services.find((s) => s._id === current.serviceId);
      return (chosen?._id ?? "") === current.serviceId ? current : withService(current, chosen);
    });
  }

  const availabilityView = useAvailability(settings, jobLengthOf(form), form.date);
  // A change of the clean (or a fresh answer) that no longer offers the chosen day or time clears it.
  const unoffered = result ? null : unofferedChoice(form, availabilityView.freshDays, settings);
  if (unoffered) {
    setForm((current) => ({ ...current, date: unoffered === "day" ? "" : current.date, startTimeISO: "" }));
    // After a 409 the schedule already says the time was taken.
    if (!errors.startTimeISO) {
      setSlotNotice(unofferedNotice(unoffered, form.date, form.startTimeISO));
      setAvailability({ status: "unknown" });
    }
  }

  const service = catalog.services.find((s) => s._id === form.serviceId);
  const frequency = catalog.frequencies.find((f) => f.code === form.frequencyCode);
  const draftContext = useMemo(
    () => ({ questions: catalog.questions, commentEnabled: catalog.content.generalCommentEnabled }),
    [catalog.questions, catalog.content.generalCommentEnabled],
  );
  const ticks = stepTicks(form, draftContext);
  const priced = useMemo(
    () => livePrice(form, { services: catalog.services, extras: catalog.extras, frequencies: catalog.frequencies }),
    [form, catalog.services, catalog.extras, catalog.frequencies],
  );

  const chosenStart = startTimeIsoOf(form);
  // The end the server will give the visit, shown beside the chosen time.
  const visitEnd = useMemo(
    () => visitEndOf(chosenStart, priced, { hours: form.hours, bedrooms: form.bedrooms })?.toISOString() ?? null,
    [chosenStart, priced, form.hours, form.bedrooms],
  );

  // The draft is kept for Back and reload until it is submitted; nothing is kept after that.
  useEffect(() => {
    if (restored && !result) storeDraft({ form, preselected });
  }, [form, preselected, restored, result]);

  // Runs after the errors are on screen, so the first invalid control can take focus.
  useEffect(() => {
    if (focusRequest) goToSection(focusRequest.section, { preferInvalid: true });
  }, [focusRequest]);

  const resetAvailability = useCallback(() => {
    availabilityRun.current++;
    setAvailability({ status: "unknown" });
  }, []);

  const change = useCallback<FormChange>((patch, touched) => {
    setForm((current) => ({ ...current, ...patch }));
    setErrors((current) => withoutErrors(current, touched));
    if (touched.some((path) => SCHEDULE_PATHS.has(path))) resetAvailability();
    if (touched.includes("startTimeISO")) setSlotNotice(null);
  }, [resetAvailability]);

  const changeService = useCallback((next: ServiceDto | undefined) => {
    setForm((current) => withService(current, next));
    setErrors((current) =>
      withoutErrors(current, ["serviceId", "serviceChoice", "hours", "bedrooms", "extras", "answers"])
    );
    resetAvailability();
  }, [resetAvailability]);

  const answer = useCallback((questionId: string, value: string | string[]) => {
    setForm((current) => ({ ...current, answers: { ...current.answers, [questionId]: value } }));
    setErrors((current) => withoutErrors(current, [`answers.${questionId}`, "answers"]));
  }, []);

  const onCheckAvailability = useStableHandler(async () => {
    const start = startTimeIsoOf(form);
    const run = ++availabilityRun.current;
    if (!start) {
      setAvailability({ status: "incomplete" });
      return;
    }
    setAvailability({ status: "checking" });
    try {
      const available = await checkAvailability(start, form.servicePricingModel === "HOURLY" ? form.hours : null);
      if (run === availabilityRun.current) setAvailability({ status: available ? "available" : "unavailable" });
    } catch (error) {
      if (run !== availabilityRun.current) return;
      const fallback = isApiError(error) ? error.text : "We couldn’t check availability right now. Please try again.";
      setAvailability({ status: "failed", message: serverMessageOr(error, fallback) });
    }
  });

  const retryQuestions = useCallback(() => {
    data.retryQuestions();
    // The catalogue reads the new requests on the next render.
    setQuestionsAttempt((attempt) => attempt + 1);
    setErrors((current) => withoutErrors(current, ["answers"]));
  }, [data]);

  // A schedule error said the calendar had not loaded; the retry makes it stale.
  const retryCalendar = useStableHandler(() => {
    setErrors((current) => withoutErrors(current, ["startTimeISO"]));
    onRetry();
  });

  const showFieldErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const section = firstInvalidSection(fieldErrors);
    if (section) setFocusRequest({ section });
  };

  const onSubmit = useStableHandler(async (kind: SubmitKind) => {
    if (submittingRef.current) return;
    const check = (questions: QuestionDto[]): FieldErrors =>
      settings
        ? validateForm(form, { ...draftContext, questions, scheduling: settings }, new Date())
        // Without the settings no start can be chosen or checked; the schedule says why and offers a retry.
        : { startTimeISO: [CALENDAR_LOAD_ERROR] };
    const refuse = (found: FieldErrors) => {
      setBanner(VALIDATION_BANNER);
      showFieldErrors(found);
    };
    const found = check(draftContext.questions);
    if (Object.keys(found).length > 0) return refuse(found);
    submittingRef.current = true;
    setSubmitting(kind);
    setBanner(null);
    let context = draftContext;
    try {
      if (catalog.questionsStatus !== "ready") {
        // public-site.md section 7: a failed load of the questions does not stop a booking. They are
        // awaited, or asked for once more, first: whatever arrives is shown and its rules apply;
        // if they still can't be had, the booking goes without their answers.
        const asked = questionsAtSubmit(data, form.serviceId);
        setQuestionsAttempt((n) => n + 1);
        const known = await asked;
        if (known.status === "ready") {
          context = { ...draftContext, questions: known.value };
          const unanswered = check(context.questions);
          if (Object.keys(unanswered).length > 0) return refuse(unanswered);
        }
      }
      const draft = toDraftInput(form, context);
      const fingerprint = `${kind} ${JSON.stringify(draft)}`;
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { fingerprint, key: newIdempotencyKey() };
      const record = await submitDraft(kind, draft, attempt.current.key);
      attempt.current = null;
      clearStoredDraft();
      setErrors({});
      // The receipt and the result card show a recurring total only for a clean that repeats.
      setResult({ ...record, repeats: frequency ? frequency.repeatUnit !== "NONE" : undefined });
    } catch (error) {
      const fallback = kind === "BOOKING" ? BOOKING_FAILED : QUOTE_FAILED;
      const failure = isApiError(error) ? error : { title: "Something went wrong", text: fallback };
      setBanner({ failure, message: serverMessageOr(error, fallback) });
      // A definite answer settles this attempt; without one (offline, 5xx, still running) a retry reuses the key.
      const answered = isApiError(error) && error.status !== undefined && error.status < 500 &&
        error.code !== "IDEMPOTENCY_KEY_IN_PROGRESS";
      if (answered) attempt.current = null;
      if (isApiError(error)) {
        switch (error.code) {
          case "SLOT_UNAVAILABLE":
            availabilityRun.current++;
            // The schedule's own error says it; the availability line repeating it would be twice.
            setAvailability({ status: "unknown" });
            setErrors({ startTimeISO: [serverMessageOr(error, error.text)] });
            setFocusRequest({ section: "schedule" });
            // The day's times are asked for again: the taken one is no longer offered.
            availabilityView.refreshDay(form.date);
            break;
          default: {
            const shown = new Set(context.questions.map((question) => `answers.${question._id}`));
            // Answers the server wants to questions this page could not show: they are asked for again.
            const unseen = Object.keys(error.fieldErrors ?? {}).some((path) =>
              path.startsWith("answers.") && !shown.has(path)
            );
            if (unseen) {
              data.retryQuestions();
              setQuestionsAttempt((n) => n + 1);
            }
            if (error.fieldErrors) {
              showFieldErrors(unseen ? { ...error.fieldErrors, answers: [QUESTIONS_NEEDED_MESSAGE] } : error.fieldErrors);
            }
            // e.g. a closed date or a job running past the end of the day: the day is asked for again.
            if (error.fieldErrors?.startTimeISO && form.date) availabilityView.refreshDay(form.date);
          }
        }
      }
    } finally {
      submittingRef.current = false;
      setSubmitting(null);
    }
  });

  const priceBox = useMemo(() => (
    <section className="booking-card price-box" aria-labelledby="booking-price-title">
      <h2 className="booking-card__title" id="booking-price-title">Your price</h2>
      {service && <p className="price-box__service">{service.name}</p>}
      <div aria-live="polite">
        {result
          // Submitted: the stored totals, no longer indicative.
          ? <ConfirmedPrice result={result} />
          : (
            <PriceSummary
              priced={priced}
              hasService={Boolean(form.serviceId)}
              pricingFailed={catalog.pricingFailed}
              frequency={frequency}
            />
          )}
      </div>
    </section>
  ), [service, form.serviceId, priced, catalog.pricingFailed, frequency, result]);

  const postCode = form.address.postCode.trim();
  // Only a full postcode is judged; an area the settings did not send means everywhere.
  const outsideArea = settings?.serviceArea !== undefined && /^\d{4}$/.test(postCode) &&
    !inServiceArea(postCode, settings.serviceArea);

  return (
    <div className="booking-layout">
      <div className="booking-main">
        {/* Hydrates on its own, like each section (form-section.tsx) and the side column. */}
        {!result && (
          <Suspense>
            <StepNav ticks={ticks} />
          </Suspense>
        )}
        {banner && (
          <ErrorAlert failure={banner.failure} message={banner.message} onDismiss={() => setBanner(null)} />
        )}
        {/* Issue 30: back from Stripe Checkout after "Pay deposit now". */}
        {!result && <DepositReturnNotice />}
        {result ? <ResultCard result={result} /> : (
          <form
            className="booking-form"
            noValidate
            aria-label="Booking form"
            aria-busy={submitting !== null}
            onSubmit={(event) => event.preventDefault()}
          >
            <ContactSection
              firstName={form.firstName}
              lastName={form.lastName}
              email={form.email}
              phone={form.phone}
              errors={errors}
              onChange={change}
            />
            <AddressSection
              address={form.address}
              errors={errors}
              postcodeNotice={outsideArea ? OUTSIDE_SERVICE_AREA_MESSAGE : undefined}
              onChange={change}
            />
            <ServiceSection
              serviceId={form.serviceId}
              hours={form.hours}
              bedrooms={form.bedrooms}
              chosenExtras={form.extras}
              errors={errors}
              services={catalog.services}
              extras={catalog.extras}
              loading={catalog.loading}
              pricingFailed={catalog.pricingFailed}
              onServiceChange={changeService}
              onChange={change}
            />
            <ScheduleSection
              date={form.date}
              startTimeISO={form.startTimeISO}
              errors={errors}
              availability={availability}
              calendar={catalog.calendar}
              month={availabilityView.month}
              daysStatus={availabilityView.status}
              days={availabilityView.days}
              notice={slotNotice}
              visitEnd={visitEnd}
              onMonthChange={availabilityView.setMonth}
              onRetryDays={availabilityView.retry}
              onRetryCalendar={retryCalendar}
              onChange={change}
              onCheckAvailability={onCheckAvailability}
            />
            <FrequencySection
              frequencyCode={form.frequencyCode}
              errors={errors}
              frequencies={catalog.frequencies}
              onChange={change}
            />
            <QuestionsSection
              answers={form.answers}
              errors={errors}
              questions={catalog.questions}
              status={catalog.questionsStatus}
              onAnswer={answer}
              onRetry={retryQuestions}
            />
            <ReviewSection
              form={form}
              errors={errors}
              service={service}
              frequency={frequency}
              content={catalog.content}
              priced={priced}
              pricingFailed={catalog.pricingFailed}
              submitting={submitting}
              submitMessage={banner?.message ?? null}
              quoteOnlyReason={outsideArea ? quoteOnlyText(postCode) : null}
              onChange={change}
              onSubmit={onSubmit}
            />
          </form>
        )}
      </div>
      <Suspense>
        <BookingAside priceBox={priceBox} />
      </Suspense>
      {!result && (
        <div className="booking-bottom-bar">
          <span>
            First service{" "}
            <strong>{priced ? formatAud(priced.totals.firstServiceTotal) : "—"}</strong>
          </span>
          <a href={`#${sectionId("review")}`} onClick={(event) => {
            event.preventDefault();
            goToSection("review");
          }}>
            Review
          </a>
        </div>
      )}
    </div>
  );
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { isApiError } from "@yarra/api/client/http.ts";
import { DRAFT_MESSAGES } from "@yarra/core/booking/draft/validation.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import type { FieldErrors } from "@yarra/core/shared/result.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { type FormEvent, useId, useState } from "react";
import { errorCodeOf } from "../../lib/error-code.ts";
import { readSession } from "../../lib/session.ts";
import { useUnsavedChanges } from "../../lib/unsaved-changes.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import { type BookingCatalogue, BOOKINGS_KEY, catalogueQuery, createStaffBooking, extrasQuery, questionsQuery } from "./staff-booking-api.ts";
import { PricePanel, StaffBookingFields } from "./staff-booking-fields.tsx";
import { draftOf, EMPTY_FORM, jobLengthOf, livePrice, type StaffBookingForm, validateForm } from "./staff-booking-form.ts";
import "./staff-booking.css";

export const NEW_BOOKING_TEXT = {
  title: "New booking",
  back: "Back to bookings",
  loading: "Loading the services…",
  loadFailed: "Failed to load the services",
  notify: "E-mail the customer the booking (with a calendar invite)",
  create: "Create booking",
  creating: "Creating…",
  createFailed: "Creating the booking failed",
  override: "Book anyway (override capacity)",
  hint: "The office may book inside the lead time; the time must still be from now on.",
} as const;

const T = NEW_BOOKING_TEXT;

/** A booking taken by the office (on the phone, say): the public form's fields, priced live by core. */
export function NewBookingPage() {
  const catalogue = useQuery(catalogueQuery);
  const titleId = useId();
  return (
    <section className="staff-booking" aria-labelledby={titleId}>
      <p><Link to="/bookings" className="bookings-back">{T.back}</Link></p>
      <PageHeader title={T.title} titleId={titleId} />
      {catalogue.isPending && <p role="status">{T.loading}</p>}
      {catalogue.isError && <ErrorAlert failure={asFailure(catalogue.error, T.loadFailed)} message={T.loadFailed} />}
      {catalogue.data && <NewBookingForm {...catalogue.data} />}
    </section>
  );
}

function NewBookingForm({ services, frequencies, scheduling }: BookingCatalogue) {
  const [form, setForm] = useState<StaffBookingForm>(EMPTY_FORM);
  const [notifyCustomer, setNotifyCustomer] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusedForCapacity, setRefusedForCapacity] = useState(false);
  const extras = useQuery(extrasQuery(form.serviceId));
  const questions = useQuery(questionsQuery(form.serviceId));
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isSuperadmin = readSession()?.user.role === "superadmin";
  const service = services.find((s) => s._id === form.serviceId);
  const pricing = { services, frequencies, extras: extras.data ?? [] };
  const create = useMutation({
    mutationFn: (overrideCapacity: boolean) =>
      createStaffBooking({
        ...draftOf(form, service?.pricingModel ?? null, questions.data ?? []),
        notifyCustomer,
        ...(overrideCapacity ? { overrideCapacity: true } : {}),
        ...(form.allowOutsideHours ? { allowOutsideHours: true } : {}),
      }),
    onMutate: () => setRefusedForCapacity(false),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
      // Saved: nothing is left to lose, so the unsaved-changes guard need not ask.
      void navigate({ to: "/bookings/$bookingId", params: { bookingId: created._id }, ignoreBlocker: true });
    },
    onError: (error) => {
      setErrors(fieldErrorsOf(error));
      setRefusedForCapacity(errorCodeOf(error) === "SLOT_UNAVAILABLE");
    },
  });
  useUnsavedChanges(form !== EMPTY_FORM && !create.isSuccess);

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateForm(form, {
      now: new Date(),
      scheduling,
      pricingModel: service?.pricingModel ?? null,
      questions: questions.data ?? [],
      judgeStart: true,
    });
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(false);
  }

  const failure = create.isError && isApiError(create.error) && Object.keys(fieldErrorsOf(create.error)).length === 0
    ? create.error
    : create.isError && !isApiError(create.error)
    ? asFailure(create.error, T.createFailed)
    : null;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form className="staff-booking__form" noValidate onSubmit={submit}>
      <div className="staff-booking__layout">
        <div className="staff-booking__fields">
          <StaffBookingFields
            form={form}
            onChange={setForm}
            errors={errors}
            services={services}
            frequencies={frequencies}
            extras={extras.data ?? []}
            questions={questions.data ?? []}
            scheduling={scheduling}
            now={new Date()}
          />
        </div>
        <aside className="staff-booking__aside">
          <PricePanel
            totals={livePrice(form, pricing)?.totals ?? null}
            lengthMinutes={jobLengthOf(form, pricing)}
            oneTime={form.frequencyCode === DEFAULT_FREQUENCY_CODE}
          />
          <label className="admin-check">
            <input type="checkbox" checked={notifyCustomer} onChange={(e) => setNotifyCustomer(e.target.checked)} />
            {T.notify}
          </label>
          <p className="admin-field__hint">{T.hint}</p>
          {hasErrors && <p className="admin-field__error" role="alert">{DRAFT_MESSAGES.banner}</p>}
          {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={() => create.reset()} />}
          <div className="admin-form-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={create.isPending}>
              {create.isPending ? T.creating : T.create}
            </button>
            {refusedForCapacity && isSuperadmin && (
              <button type="button" className="admin-button" disabled={create.isPending} onClick={() => create.mutate(true)}>
                {T.override}
              </button>
            )}
          </div>
        </aside>
      </div>
    </form>
  );
}

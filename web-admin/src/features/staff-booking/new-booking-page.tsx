import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { DRAFT_MESSAGES } from "@yarra/core/booking/draft/validation.ts";
import { DEFAULT_FREQUENCY_CODE } from "@yarra/core/catalog/constants.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { useCallback, useId, useRef, useState } from "react";
import { errorCodeOf } from "../../lib/error-code.ts";
import { readSession } from "../../lib/session.ts";
import { checkResolver, useStaffForm } from "../../lib/use-staff-form.ts";
import { asFailure } from "../../ui/failure.ts";
import { PageHeader } from "../../ui/page-header.tsx";
import {
  type BookingCatalogue,
  BOOKINGS_KEY,
  catalogueQuery,
  createStaffBooking,
  extrasQuery,
  questionsQuery,
  type StaffDraft,
} from "./staff-booking-api.ts";
import { FindCustomer } from "./find-customer.tsx";
import { alertOf, PricePanel, StaffBookingFields } from "./staff-booking-fields.tsx";
import { EMPTY_FORM, jobLengthOf, livePrice, newBookingOf, type StaffBookingForm, validateForm } from "./staff-booking-form.ts";
import "./staff-booking.css";

export const NEW_BOOKING_TEXT = {
  title: "New booking",
  back: "Back to bookings",
  loading: "Loading the services…",
  loadFailed: "Failed to load the services",
  notify: "E-mail the customer the booking (with a calendar invite)",
  status: "Booking status",
  pending: "Pending",
  confirmed: "Confirmed",
  statusHint: "Confirmed: the time is agreed with the customer; their one e-mail says the booking is confirmed. " +
    "Pending: you confirm it later (the customer is e-mailed again then).",
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
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const isSuperadmin = readSession()?.user.role === "superadmin";
  const [refusedForCapacity, setRefusedForCapacity] = useState(false);
  // Which button sent the form: "Book anyway" sends it as Create does, with the superadmin's override.
  const overriding = useRef(false);
  const booking = useStaffForm<StaffBookingForm, StaffDraft>({
    defaultValues: EMPTY_FORM,
    // Core's checks of the draft and its answers, as the public form and the server run them, with
    // the questions the form shows for the chosen service.
    resolver: checkResolver((values) => {
      const pricingModel = services.find((s) => s._id === values.serviceId)?.pricingModel ?? null;
      const asked = queryClient.getQueryData(questionsQuery(values.serviceId).queryKey) ?? [];
      const found = validateForm(values, { now: new Date(), scheduling, pricingModel, questions: asked, judgeStart: true });
      return Object.keys(found).length > 0
        ? { ok: false, fieldErrors: found }
        : { ok: true, value: newBookingOf(values, pricingModel, asked) };
    }),
    onSubmit: async (draft) => {
      setRefusedForCapacity(false);
      try {
        const created = await createStaffBooking(overriding.current ? { ...draft, overrideCapacity: true } : draft);
        void queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY });
        // Saved: nothing is left to lose, so the unsaved-changes guard need not ask.
        void navigate({ to: "/bookings/$bookingId", params: { bookingId: created._id }, ignoreBlocker: true });
      } catch (error) {
        setRefusedForCapacity(errorCodeOf(error) === "SLOT_UNAVAILABLE");
        throw error;
      }
    },
    guardUnsaved: true,
    focusServerErrors: true,
  });
  const { form, values, failure: createError, dismissFailure, working, formRef, submit, setField } = booking;
  const statusHintId = useId();
  // A customer record chosen in "Find a customer" fills the contact details, then the address.
  const fillContact = useCallback((contact: Pick<StaffBookingForm, "firstName" | "lastName" | "email" | "phone">) => {
    for (const key of ["firstName", "lastName", "email", "phone"] as const) setField(key, contact[key]);
  }, [setField]);
  const fillAddress = useCallback((address: { unit?: string; street: string; suburb: string; state: string; postCode: string }) => {
    setField("address", { unit: address.unit ?? "", street: address.street, suburb: address.suburb, state: address.state, postCode: address.postCode });
  }, [setField]);
  const extras = useQuery(extrasQuery(values.serviceId));
  const questions = useQuery(questionsQuery(values.serviceId));
  const pricing = { services, frequencies, extras: extras.data ?? [] };
  const failure = alertOf(createError, T.createFailed);
  const hasErrors = Object.keys(form.formState.errors).length > 0;

  return (
    <form
      ref={formRef}
      className="staff-booking__form"
      noValidate
      onSubmit={(event) => {
        overriding.current = false;
        submit(event);
      }}
    >
      <div className="staff-booking__layout">
        <div className="staff-booking__fields">
          <StaffBookingFields
            booking={booking}
            services={services}
            frequencies={frequencies}
            extras={extras.data ?? []}
            questions={questions.data ?? []}
            scheduling={scheduling}
            now={new Date()}
            customerFinder={<FindCustomer onContact={fillContact} onAddress={fillAddress} />}
          />
        </div>
        <aside className="staff-booking__aside">
          <PricePanel
            totals={livePrice(values, pricing)?.totals ?? null}
            lengthMinutes={jobLengthOf(values, pricing)}
            oneTime={values.frequencyCode === DEFAULT_FREQUENCY_CODE}
          />
          <fieldset className="admin-fieldset staff-booking__status" aria-describedby={statusHintId}>
            <legend className="admin-field__label">{T.status}</legend>
            <div className="admin-radio-row">
              <label>
                <input type="radio" value="PENDING" {...form.register("bookingStatus")} />
                {T.pending}
              </label>
              <label>
                <input type="radio" value="CONFIRMED" {...form.register("bookingStatus")} />
                {T.confirmed}
              </label>
            </div>
            <p id={statusHintId} className="admin-field__hint">{T.statusHint}</p>
          </fieldset>
          <label className="admin-check">
            <input type="checkbox" {...form.register("notifyCustomer")} />
            {T.notify}
          </label>
          <p className="admin-field__hint">{T.hint}</p>
          {hasErrors && <p className="admin-field__error" role="alert">{DRAFT_MESSAGES.banner}</p>}
          {failure && <ErrorAlert failure={failure} message={failure.serverMessage} onDismiss={dismissFailure} />}
          <div className="admin-form-actions">
            <button type="submit" className="admin-button admin-button--primary" disabled={working}>
              {working ? T.creating : T.create}
            </button>
            {refusedForCapacity && isSuperadmin && (
              <button
                type="button"
                className="admin-button"
                disabled={working}
                onClick={() => {
                  overriding.current = true;
                  submit();
                }}
              >
                {T.override}
              </button>
            )}
          </div>
        </aside>
      </div>
    </form>
  );
}

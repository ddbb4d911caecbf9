/**
 * "Price a quote" on an inquiry's card (issue 30): a commercial inquiry becomes a priced quote for
 * its contact (POST /api/admin/inquiries/{id}/quote), e-mailed with their link to accept or
 * decline; the office then finds it, like any quote, on its booking page.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useMemo, useRef, useState } from "react";
import { INQUIRY_QUOTE_MESSAGES } from "@yarra/core/booking/quotes/inquiry-quote.ts";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { liveServicesQuery } from "../../lib/live-services.ts";
import { asFailure, fieldErrorsOf } from "../../ui/failure.ts";
import { FormField } from "../../ui/form-field.tsx";
import { QuoteEditor, type QuoteInput } from "../../ui/quote-editor.tsx";
import { type InquiryDto, priceInquiryQuote } from "./inquiries-api.ts";

export const INQUIRY_QUOTE_TEXT = {
  open: "Price a quote",
  close: "Close the quote",
  title: "Price a quote for this inquiry",
  intro: "The quote is made for the inquirer and e-mailed to them with a link to accept it (choosing a time) or decline it.",
  service: "Service",
  chooseService: "Choose a service",
  loadingServices: "Loading services…",
  servicesFailed: "The services could not be loaded. Close and open this again to retry.",
  street: "Street address (optional)",
  suburb: "Suburb (optional)",
  postcode: "Postcode (optional)",
  addressHint: "Leave the street empty if it is not known yet; the customer can tell you when they accept.",
  created: (reference: string, email: string) => `Quote ${reference} created and sent to ${email}.`,
  openQuote: (reference: string) => `Open quote ${reference}`,
} as const;

const T = INQUIRY_QUOTE_TEXT;
const POSTCODE = /^\d{4}$/;

interface Created {
  bookingId: string;
  reference: string;
}

export function InquiryQuote({ inquiry }: { inquiry: InquiryDto }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [serviceId, setServiceId] = useState("");
  const [street, setStreet] = useState("");
  const [suburb, setSuburb] = useState(inquiry.suburb ?? "");
  const [postcode, setPostcode] = useState("");
  /** The service and postcode checked on Send (the editor checks its lines at the same time). */
  const [ownErrors, setOwnErrors] = useState<Record<string, string[]>>({});
  const [created, setCreated] = useState<Created | null>(null);
  const createdRef = useRef<HTMLParagraphElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const services = useQuery({ ...liveServicesQuery, enabled: open });
  const liveServices = (services.data ?? []).filter((service) => !service.deletedAt);

  const send = useMutation({
    mutationFn: (input: QuoteInput) =>
      priceInquiryQuote(inquiry._id, {
        serviceId,
        ...input,
        ...(street.trim() ? { addressLine1: street.trim() } : {}),
        ...(suburb.trim() ? { suburb: suburb.trim() } : {}),
        ...(postcode.trim() ? { postcode: postcode.trim() } : {}),
      }),
    onSuccess: (answer) => {
      setCreated({ bookingId: answer.bookingId, reference: answer.reference });
      setOpen(false);
      // The bookings lists gain a quote.
      void queryClient.invalidateQueries({ queryKey: ["bookings"], refetchType: "none" });
      queueMicrotask(() => createdRef.current?.focus());
    },
  });
  const serverErrors = useMemo(() => fieldErrorsOf(send.error), [send.error]);
  const errorsOf = (field: string) => {
    const all = [...(ownErrors[field] ?? []), ...(serverErrors[field] ?? [])];
    return all.length > 0 ? [...new Set(all)] : undefined;
  };

  function checkOwnFields(): boolean {
    const errors: Record<string, string[]> = {};
    if (!serviceId) errors.serviceId = [INQUIRY_QUOTE_MESSAGES.serviceId];
    if (postcode.trim() && !POSTCODE.test(postcode.trim())) errors.postcode = [INQUIRY_QUOTE_MESSAGES.postcode];
    setOwnErrors(errors);
    return Object.keys(errors).length === 0;
  }

  function toggle() {
    if (open) {
      setOpen(false);
      return;
    }
    send.reset();
    setOwnErrors({});
    setCreated(null);
    setOpen(true);
  }

  const fields = (
    <div className="admin-form-grid">
      <FormField label={T.service} errors={errorsOf("serviceId")}>
        {(control) => (
          <select
            {...control}
            className="admin-input"
            value={serviceId}
            disabled={send.isPending || !services.isSuccess}
            onChange={(event) => {
              setServiceId(event.target.value);
              setOwnErrors(({ serviceId: _, ...rest }) => rest);
            }}
          >
            <option value="">{services.isPending ? T.loadingServices : T.chooseService}</option>
            {liveServices.map((service) => <option key={service._id} value={service._id}>{service.name}</option>)}
          </select>
        )}
      </FormField>
      <FormField label={T.street} hint={T.addressHint} errors={errorsOf("addressLine1")}>
        {(control) => (
          <input {...control} className="admin-input" value={street} maxLength={200} disabled={send.isPending}
            autoComplete="off" onChange={(event) => setStreet(event.target.value)} />
        )}
      </FormField>
      <FormField label={T.suburb} errors={errorsOf("suburb")}>
        {(control) => (
          <input {...control} className="admin-input" value={suburb} maxLength={100} disabled={send.isPending}
            autoComplete="off" onChange={(event) => setSuburb(event.target.value)} />
        )}
      </FormField>
      <FormField label={T.postcode} errors={errorsOf("postcode")}>
        {(control) => (
          <input {...control} className="admin-input" value={postcode} inputMode="numeric" maxLength={4} disabled={send.isPending}
            autoComplete="off" onChange={(event) => {
              setPostcode(event.target.value);
              setOwnErrors(({ postcode: _, ...rest }) => rest);
            }} />
        )}
      </FormField>
    </div>
  );

  return (
    <div className="inquiry-quote">
      <button
        ref={openerRef}
        type="button"
        className="admin-button inquiry-button"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        onClick={toggle}
      >
        {open ? T.close : T.open}
      </button>
      <p className="admin-flash inquiry-quote__created" role="status" tabIndex={-1} ref={createdRef}>
        {created && (
          <>
            {T.created(created.reference, inquiry.email)}{" "}
            <Link to="/bookings/$bookingId" params={{ bookingId: created.bookingId }}>{T.openQuote(created.reference)}</Link>
          </>
        )}
      </p>
      {open && (
        <section id={`${id}-panel`} className="inquiry-quote__panel" aria-labelledby={`${id}-title`}>
          <h3 id={`${id}-title`} className="inquiry-quote__title">{T.title}</h3>
          <p className="inquiries-note">{T.intro}</p>
          {services.isError && <p className="admin-field__error" role="alert">{T.servicesFailed}</p>}
          <QuoteEditor
            label={T.title}
            initial={{ lines: [], message: "", validUntil: "" }}
            busy={send.isPending}
            serverErrors={serverErrors}
            before={fields}
            checkBefore={checkOwnFields}
            focusOnOpen
            onSend={(input) => send.mutate(input)}
            onCancel={() => {
              setOpen(false);
              queueMicrotask(() => openerRef.current?.focus());
            }}
          />
          {send.isError && (
            <ErrorAlert failure={asFailure(send.error)} message={asFailure(send.error).serverMessage} onDismiss={() => send.reset()} />
          )}
        </section>
      )}
    </div>
  );
}

import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ErrorAlert } from "@yarra/public-ui/error-alert.tsx";
import { errorCodeOf } from "../../lib/error-code.ts";
import { asFailure } from "../../ui/failure.ts";
import { MessagePage } from "../../ui/message-page.tsx";
import { RecordHistory } from "../../ui/record-history.tsx";
import { inquiryQuery } from "./inquiries-queries.ts";
import { InquiryCard } from "./inquiry-card.tsx";
import "./inquiries.css";

export const RECORD_TEXT = {
  loadFailed: "Failed to load the inquiry",
  notFound: "No inquiry has this id; it may have been mistyped.",
} as const;

/** One inquiry at its own staff URL (/admin/inquiries/{id}), archived ones included, and its history. */
export function InquiryRecordPage({ inquiryId }: { inquiryId: string }) {
  const record = useQuery(inquiryQuery(inquiryId));
  const back = <Link to="/inquiries" className="inquiries-back">Back to inquiries</Link>;

  if (record.isError && errorCodeOf(record.error) === "INQUIRY_NOT_FOUND") {
    return (
      <MessagePage title="Not found">
        <p>{RECORD_TEXT.notFound}</p>
        <p>{back}</p>
      </MessagePage>
    );
  }
  return (
    <section className="inquiries inquiry-record" aria-labelledby="inquiry-record-title">
      <p>{back}</p>
      <h1 id="inquiry-record-title" className="admin-page-title">Inquiry</h1>
      {record.isPending && <p className="inquiries-note" role="status">Loading the inquiry…</p>}
      {record.isError && <ErrorAlert failure={asFailure(record.error, RECORD_TEXT.loadFailed)} message={RECORD_TEXT.loadFailed} />}
      {record.data && <InquiryCard inquiry={record.data} standalone />}
      {record.data && <RecordHistory kind="inquiry" id={inquiryId} />}
    </section>
  );
}

import { type makeRecordHistory, RECORD_HISTORY_ERRORS, recordHistorySchema } from "../../../core/admin/manage-audit.ts";
import { answerWith } from "../../http-errors.ts";
import { IdParams, json, route, routeGroup } from "../../openapi.ts";

/** A booking's or inquiry's own audit entries (issue 20), built by the composition root. */
export type RecordHistory = ReturnType<typeof makeRecordHistory>;

const tags: [string] = ["Staff: bookings and inquiries"];
const role = "admin" as const;
const entries = "The record's audit entries, newest first, as GET /api/admin/audit shows them (the newest 500)";

const bookingHistory = route({
  method: "get", path: "/bookings/{id}/history", tags, "x-required-role": role,
  summary: "A booking's or quote's history: who changed what and when",
  description: "Any admin may read one record's history; the whole audit log stays superadmin only. Each entry carries actor, record, summary and changes as in the audit log, the customer's own changes through their link included.",
  request: { params: IdParams },
  errors: RECORD_HISTORY_ERRORS.booking,
  responses: { 200: json(recordHistorySchema, entries) },
});
const inquiryHistory = route({
  method: "get", path: "/inquiries/{id}/history", tags, "x-required-role": role,
  summary: "An inquiry's history: who changed what and when (archived inquiries too)",
  description: "Any admin may read one record's history; the whole audit log stays superadmin only.",
  request: { params: IdParams },
  errors: RECORD_HISTORY_ERRORS.inquiry,
  responses: { 200: json(recordHistorySchema, entries) },
});

/** Mounted under /api/admin behind requireAdmin. */
export function historyAdminRoutes(recordHistory: RecordHistory) {
  return routeGroup()
    .openapi(bookingHistory, async (c) => {
      return answerWith(bookingHistory, c, await recordHistory("booking", c.req.valid("param").id), 200);
    })
    .openapi(inquiryHistory, async (c) => {
      return answerWith(inquiryHistory, c, await recordHistory("inquiry", c.req.valid("param").id), 200);
    });
}

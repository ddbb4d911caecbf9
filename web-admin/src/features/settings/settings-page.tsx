import { type FormEvent, useEffect, useState } from "react";
import { isApiError } from "@yarra/api/client/http.ts";
import { serverMessageOr } from "@yarra/api/client/error-catalogue.ts";
import { clampSchedulingSettings, CONTENT_LIMITS, SCHEDULING_LIMITS } from "@yarra/core/settings/clamps.ts";
import {
  BOOKING_FORM_CONTENT_DEFAULTS,
  type BookingFormContent,
  SCHEDULING_DEFAULTS,
  type SchedulingSettings,
} from "@yarra/core/settings/types.ts";
import { api } from "../../lib/api.ts";
import { ErrorAlert } from "../../ui/error-alert.tsx";
import { FormField } from "../../ui/form-field.tsx";
import { useFlash } from "../../ui/use-flash.ts";
import "./settings.css";

export const SETTINGS_TEXT = {
  loadFailed: "Failed to load settings",
  schedulingSaved: "Scheduling settings saved.",
  schedulingFailed: "Saving scheduling settings failed",
  contentSaved: "Booking form content saved.",
  contentFailed: "Saving booking form content failed",
} as const;

type Failure = Parameters<typeof ErrorAlert>[0]["failure"];
const asFailure = (error: unknown, text: string): Failure =>
  isApiError(error) ? error : { title: "Error", text };

/** The scheduling inputs as typed (strings), so a half-typed number is not clamped mid-keystroke. */
interface SchedulingForm {
  slotBufferMin: string;
  maxConcurrentPerSlot: string;
  enforceBuffer: boolean;
}

const toForm = (settings: SchedulingSettings): SchedulingForm => ({
  slotBufferMin: String(settings.slotBufferMin),
  maxConcurrentPerSlot: String(settings.maxConcurrentPerSlot),
  enforceBuffer: settings.enforceBuffer,
});

/** The same clamps the server applies (core/settings/clamps.ts): 0-1440 (120) and 1-50 (1). */
export function clampedScheduling(form: SchedulingForm) {
  const { slotBufferMin, maxConcurrentPerSlot, enforceBuffer } = clampSchedulingSettings({
    slotBufferMin: form.slotBufferMin,
    maxConcurrentPerSlot: form.maxConcurrentPerSlot,
    enforceBuffer: form.enforceBuffer,
  });
  return { slotBufferMin, maxConcurrentPerSlot, enforceBuffer };
}

/** Scheduling and booking-form content (admin-area.md section 2, Settings page). */
export function SettingsPage() {
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const [scheduling, setScheduling] = useState<SchedulingForm>(toForm(SCHEDULING_DEFAULTS));
  const [content, setContent] = useState<BookingFormContent>(BOOKING_FORM_CONTENT_DEFAULTS);
  const [savingScheduling, setSavingScheduling] = useState(false);
  const [savingContent, setSavingContent] = useState(false);
  const [schedulingError, setSchedulingError] = useState<{ failure: Failure; text: string } | null>(null);
  const [contentError, setContentError] = useState<{ failure: Failure; text: string } | null>(null);
  const schedulingFlash = useFlash();
  const contentFlash = useFlash();

  useEffect(() => {
    let live = true;
    // Each half falls back to its defaults on its own: one failed read leaves the other usable.
    Promise.allSettled([
      api.get<SchedulingSettings>("/api/admin/settings/scheduling"),
      api.get<BookingFormContent>("/api/admin/content"),
    ]).then(([schedulingResult, contentResult]) => {
      if (!live) return;
      if (schedulingResult.status === "fulfilled") setScheduling(toForm({ ...SCHEDULING_DEFAULTS, ...schedulingResult.value }));
      if (contentResult.status === "fulfilled") setContent({ ...BOOKING_FORM_CONTENT_DEFAULTS, ...contentResult.value });
      const failed = [schedulingResult, contentResult].find((result) => result.status === "rejected");
      if (failed) setLoadError(asFailure((failed as PromiseRejectedResult).reason, SETTINGS_TEXT.loadFailed));
      setLoading(false);
    });
    return () => {
      live = false;
    };
  }, []);

  async function saveScheduling(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = clampedScheduling(scheduling);
    setScheduling(toForm({ ...SCHEDULING_DEFAULTS, ...body }));
    setSavingScheduling(true);
    setSchedulingError(null);
    try {
      const saved = await api.put<SchedulingSettings>("/api/admin/settings/scheduling", body);
      setScheduling(toForm({ ...SCHEDULING_DEFAULTS, ...body, ...saved }));
      schedulingFlash.show(SETTINGS_TEXT.schedulingSaved);
    } catch (error) {
      setSchedulingError({
        failure: asFailure(error, SETTINGS_TEXT.schedulingFailed),
        text: serverMessageOr(error, SETTINGS_TEXT.schedulingFailed),
      });
    } finally {
      setSavingScheduling(false);
    }
  }

  async function saveContent(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSavingContent(true);
    setContentError(null);
    try {
      // The policy HTML is not edited here, but the call replaces the whole content: send it back as loaded.
      const saved = await api.put<BookingFormContent>("/api/admin/content", {
        generalCommentEnabled: content.generalCommentEnabled,
        generalCommentLabel: content.generalCommentLabel,
        generalCommentPlaceholder: content.generalCommentPlaceholder,
        cancellationPolicyHtml: content.cancellationPolicyHtml,
      });
      if (saved && typeof saved === "object") setContent((current) => ({ ...current, ...saved }));
      contentFlash.show(SETTINGS_TEXT.contentSaved);
    } catch (error) {
      setContentError({
        failure: asFailure(error, SETTINGS_TEXT.contentFailed),
        text: serverMessageOr(error, SETTINGS_TEXT.contentFailed),
      });
    } finally {
      setSavingContent(false);
    }
  }

  const L = SCHEDULING_LIMITS;
  const clampOnBlur = () => setScheduling((form) => toForm({ ...SCHEDULING_DEFAULTS, ...clampedScheduling(form) }));

  return (
    <section className="settings" aria-labelledby="settings-title" aria-busy={loading}>
      <h1 id="settings-title" className="admin-page-title">Settings</h1>
      {loading && <p role="status" className="settings__note">Loading settings…</p>}
      {loadError && (
        <ErrorAlert failure={loadError} message={SETTINGS_TEXT.loadFailed} onDismiss={() => setLoadError(null)} />
      )}

      <form className="settings-card" onSubmit={saveScheduling} aria-labelledby="settings-scheduling" noValidate>
        <h2 id="settings-scheduling" className="settings-card__title">Scheduling</h2>
        <div className="settings-card__grid">
          <FormField
            label="Slot buffer (minutes)"
            hint={`Minutes either side of a start that count towards the cap: ${L.slotBufferMin.min} to ${L.slotBufferMin.max} (default ${L.slotBufferMin.fallback}).`}
          >
            {(control) => (
              <input
                {...control}
                name="slotBufferMin"
                className="admin-input"
                type="number"
                inputMode="numeric"
                min={L.slotBufferMin.min}
                max={L.slotBufferMin.max}
                step={1}
                value={scheduling.slotBufferMin}
                onChange={(event) => setScheduling({ ...scheduling, slotBufferMin: event.target.value })}
                onBlur={clampOnBlur}
              />
            )}
          </FormField>
          <FormField
            label="Max concurrent bookings per slot"
            hint={`${L.maxConcurrentPerSlot.min} to ${L.maxConcurrentPerSlot.max} (default ${L.maxConcurrentPerSlot.fallback}).`}
          >
            {(control) => (
              <input
                {...control}
                name="maxConcurrentPerSlot"
                className="admin-input"
                type="number"
                inputMode="numeric"
                min={L.maxConcurrentPerSlot.min}
                max={L.maxConcurrentPerSlot.max}
                step={1}
                value={scheduling.maxConcurrentPerSlot}
                onChange={(event) => setScheduling({ ...scheduling, maxConcurrentPerSlot: event.target.value })}
                onBlur={clampOnBlur}
              />
            )}
          </FormField>
        </div>
        <label className="settings__check">
          <input
            type="checkbox"
            name="enforceBuffer"
            checked={scheduling.enforceBuffer}
            onChange={(event) => setScheduling({ ...scheduling, enforceBuffer: event.target.checked })}
          />
          <span>Enforce the buffer (block a start once the cap is reached)</span>
        </label>
        {schedulingError && (
          <ErrorAlert failure={schedulingError.failure} message={schedulingError.text} onDismiss={() => setSchedulingError(null)} />
        )}
        <div className="settings-card__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={loading || savingScheduling}>
            {savingScheduling ? "Saving…" : "Save scheduling"}
          </button>
          <p role="status" className="settings__saved">{schedulingFlash.message}</p>
        </div>
      </form>

      <form className="settings-card" onSubmit={saveContent} aria-labelledby="settings-content" noValidate>
        <h2 id="settings-content" className="settings-card__title">Booking form content</h2>
        <label className="settings__check">
          <input
            type="checkbox"
            name="generalCommentEnabled"
            checked={content.generalCommentEnabled}
            onChange={(event) => setContent({ ...content, generalCommentEnabled: event.target.checked })}
          />
          <span>Show the general comments box</span>
        </label>
        <div className="settings-card__grid">
          <FormField label="Comment label">
            {(control) => (
              <input
                {...control}
                name="generalCommentLabel"
                className="admin-input"
                maxLength={CONTENT_LIMITS.label}
                value={content.generalCommentLabel}
                onChange={(event) => setContent({ ...content, generalCommentLabel: event.target.value })}
              />
            )}
          </FormField>
          <FormField label="Comment placeholder">
            {(control) => (
              <input
                {...control}
                name="generalCommentPlaceholder"
                className="admin-input"
                maxLength={CONTENT_LIMITS.placeholder}
                value={content.generalCommentPlaceholder}
                onChange={(event) => setContent({ ...content, generalCommentPlaceholder: event.target.value })}
              />
            )}
          </FormField>
        </div>
        {contentError && (
          <ErrorAlert failure={contentError.failure} message={contentError.text} onDismiss={() => setContentError(null)} />
        )}
        <div className="settings-card__actions">
          <button type="submit" className="admin-button admin-button--primary" disabled={loading || savingContent}>
            {savingContent ? "Saving…" : "Save booking form content"}
          </button>
          <p role="status" className="settings__saved">{contentFlash.message}</p>
        </div>
      </form>
    </section>
  );
}

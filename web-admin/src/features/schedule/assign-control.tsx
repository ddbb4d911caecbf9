import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from "react";
import type { ScheduleCleaner, ScheduleJob } from "./schedule-api.ts";

interface AssignControlProps {
  job: ScheduleJob;
  /** Cleaners who can be chosen: the active ones, and an inactive one already on the job. */
  options: readonly ScheduleCleaner[];
  busy: boolean;
  /** Resolves true when the server took it; the panel then closes. */
  onAssign: (cleanerIds: string[]) => Promise<boolean>;
}

/**
 * The keyboard way to assign (drag and drop is the pointer's shortcut): a button that opens a
 * list of cleaners to tick, one or several, then Save. Esc or Cancel closes it unchanged.
 */
export function AssignControl({ job, options, busy, onAssign }: AssignControlProps) {
  // An id the schedule does not know (a cleaner removed meanwhile) cannot be kept: it is left out.
  const current = job.cleanerIds.filter((id) => options.some((cleaner) => cleaner._id === id));
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>(current);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  function toggleOpen() {
    if (!open) setChosen(current);
    setOpen(!open);
  }

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    // In the order the office ticked them, those already on the job first.
    const ids = [...current.filter((id) => chosen.includes(id)), ...chosen.filter((id) => !current.includes(id))];
    if (await onAssign(ids)) close();
  }

  const toggle = (id: string, on: boolean) => setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));

  return (
    <div className="assign" onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="admin-button admin-button--secondary admin-button--small assign__toggle"
        aria-label={`Assign ${job.reference}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={busy}
        onClick={toggleOpen}
      >
        {busy ? "Saving…" : "Assign"}
      </button>
      {open && (
        <form id={panelId} className="assign__panel" onSubmit={save}>
          <fieldset className="admin-fieldset">
            <legend>Cleaners for {job.reference}</legend>
            {options.length === 0 && <p className="assign__none">No active cleaners: add them on the Team screen.</p>}
            {options.map((cleaner, index) => (
              <label key={cleaner._id} className="admin-check assign__option">
                <input
                  type="checkbox"
                  checked={chosen.includes(cleaner._id)}
                  autoFocus={index === 0}
                  onChange={(event) => toggle(cleaner._id, event.target.checked)}
                />
                <span className="schedule-swatch" style={{ backgroundColor: cleaner.colour }} aria-hidden="true" />
                <bdi>{cleaner.name}</bdi>
                {!cleaner.active && " (inactive)"}
              </label>
            ))}
          </fieldset>
          <div className="assign__actions">
            <button type="submit" className="admin-button admin-button--primary admin-button--small" disabled={busy}>
              Save
            </button>
            <button type="button" className="admin-button admin-button--secondary admin-button--small" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

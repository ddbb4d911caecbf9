/**
 * Reads an .ics back as a calendar app does (RFC 5545), for the tests of the e-mails that carry one:
 * CRLF lines unfolded (3.1), each content line split into name, parameters and value (3.1, quoted
 * parameter values may hold ':' and ';'), TEXT values unescaped (3.3.11), components nested
 * BEGIN/END, and the DATE-TIMEs read as instants (3.3.5: UTC with Z, or floating/TZID refused,
 * since the business only sends UTC). Throws on anything a calendar would reject.
 */

export interface IcsEvent {
  uid: string;
  sequence: number;
  start: Date;
  end: Date;
  status: string;
  summary: string;
  description: string;
  /** Every property of the VEVENT by name (the first of each), values unescaped. */
  props: Map<string, string>;
}

export interface IcsCalendar {
  method: string;
  prodId: string;
  events: IcsEvent[];
}

interface ContentLine {
  name: string;
  params: string;
  value: string;
}

function contentLine(line: string): ContentLine {
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') inQuotes = !inQuotes;
    else if (c === ":" && !inQuotes) {
      const head = line.slice(0, i);
      const semicolon = head.indexOf(";");
      return {
        name: (semicolon === -1 ? head : head.slice(0, semicolon)).toUpperCase(),
        params: semicolon === -1 ? "" : head.slice(semicolon + 1),
        value: line.slice(i + 1),
      };
    }
  }
  throw new Error(`not a content line: ${line}`);
}

const unescapeText = (value: string): string => value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

/** A DATE-TIME in UTC (yyyymmddThhmmssZ) as an instant. */
function utcInstant(line: ContentLine | undefined, what: string): Date {
  const match = line && /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(line.value);
  if (!line || !match || line.params !== "") throw new Error(`${what} is not a UTC DATE-TIME: ${line?.value}`);
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return new Date(Date.UTC(y, mo - 1, d, h, mi, s));
}

export function parseIcs(text: string): IcsCalendar {
  if (!text.endsWith("\r\n")) throw new Error("the last line does not end in CRLF");
  if (/[^\r]\n/.test(text) || /\r(?!\n)/.test(text)) throw new Error("a line ends in something other than CRLF");
  const lines = text.slice(0, -2).replace(/\r\n[ \t]/g, "").split("\r\n").map(contentLine);
  const stack: string[] = [];
  let calendar: { method?: string; prodId?: string } | null = null;
  let calendars = 0;
  const events: IcsEvent[] = [];
  let event: ContentLine[] | null = null;
  for (const line of lines) {
    if (line.name === "BEGIN") {
      stack.push(line.value);
      if (line.value === "VCALENDAR") {
        if (stack.length !== 1) throw new Error("a VCALENDAR inside another component");
        calendar = {};
        calendars++;
      } else if (line.value === "VEVENT") {
        if (stack.length !== 2 || stack[0] !== "VCALENDAR") throw new Error("a VEVENT outside the VCALENDAR");
        event = [];
      }
      continue;
    }
    if (line.name === "END") {
      if (stack.pop() !== line.value) throw new Error(`END:${line.value} closes another component`);
      if (line.value === "VEVENT" && event) {
        const first = (name: string) => event!.find((l) => l.name === name);
        const uid = first("UID")?.value;
        if (!uid) throw new Error("a VEVENT without a UID");
        if (!first("DTSTAMP")) throw new Error("a VEVENT without a DTSTAMP");
        const props = new Map<string, string>();
        for (const l of event) if (!props.has(l.name)) props.set(l.name, unescapeText(l.value));
        events.push({
          uid: unescapeText(uid),
          sequence: Number(first("SEQUENCE")?.value ?? "0"),
          start: utcInstant(first("DTSTART"), "DTSTART"),
          end: utcInstant(first("DTEND"), "DTEND"),
          status: first("STATUS")?.value ?? "",
          summary: unescapeText(first("SUMMARY")?.value ?? ""),
          description: unescapeText(first("DESCRIPTION")?.value ?? ""),
          props,
        });
        event = null;
      }
      continue;
    }
    if (event) event.push(line);
    else if (calendar && stack.length === 1) {
      if (line.name === "METHOD") calendar.method = line.value;
      if (line.name === "PRODID") calendar.prodId = unescapeText(line.value);
    } else throw new Error(`a property outside any component: ${line.name}`);
  }
  if (stack.length > 0) throw new Error(`unclosed ${stack.join(", ")}`);
  if (calendars !== 1 || !calendar) throw new Error(`${calendars} VCALENDARs, not one`);
  if (!calendar.prodId) throw new Error("no PRODID");
  if (events.length === 0) throw new Error("a calendar without an event");
  return { method: calendar.method ?? "", prodId: calendar.prodId, events };
}

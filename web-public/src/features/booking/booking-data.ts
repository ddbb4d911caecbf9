/**
 * What /book-now needs from the API (public-site.md section 7), started by its route loader:
 * the catalogue, the form's content and the live scheduling settings, then the chosen service's
 * add-ons and questions as the customer picks one.
 */
import type {
  BookingFormContentDto,
  ExtraDto,
  FrequencyDto,
  PublicSchedulingDto,
  QuestionDto,
  ServiceDto,
} from "@yarra/api/client/types.ts";
import { earliestBookableYmd, latestBookableYmd } from "@yarra/core/booking/capacity/scheduling.ts";
import { melbourneYmd } from "@yarra/core/shared/melbourne-time.ts";
import { type Loadable, loadable, type Settled, useLoadable } from "../../lib/loadable.ts";
import {
  fetchContent,
  fetchExtras,
  fetchFrequencies,
  fetchQuestions,
  fetchScheduling,
  fetchServices,
} from "./booking-api.ts";
import { DEFAULT_CONTENT } from "./booking-draft.ts";
import { readStoredDraft } from "./draft-storage.ts";

/** The scheduling settings, with the earliest and latest bookable days worked out once, when they arrive. */
export interface BookingCalendar extends PublicSchedulingDto {
  /** Melbourne's today when the settings arrived, 'YYYY-MM-DD'. */
  todayYmd: string;
  /** Melbourne date 'YYYY-MM-DD'; fixed for the visit, so it does not move while the customer types. */
  earliestYmd: string;
  /** The last day of the booking horizon, the same way. */
  latestYmd: string;
}

interface ServiceChoices {
  serviceId: string;
  extras: Loadable<ExtraDto[]>;
  questions: Loadable<QuestionDto[]>;
}

const byOrder = <T extends { order?: number }>(items: T[]) =>
  [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

/** Global questions first, then the service's, each in their own order. */
function orderQuestions(items: QuestionDto[]): QuestionDto[] {
  const scopeRank = (q: QuestionDto) => (q.scope === "GLOBAL" ? 0 : 1);
  return [...items].sort((a, b) => scopeRank(a) - scopeRank(b) || a.order - b.order);
}

const NO_EXTRAS = loadable<ExtraDto[]>(Promise.resolve([]));

const loadQuestions = (serviceId: string) => loadable(fetchQuestions(serviceId).then(orderQuestions));

/** The /book-now route's loader data: every request starts here, none is awaited. */
export function loadBookingPage() {
  // The calendar's own chunk is not started here: the schedule section loads it as it nears the
  // screen, so its code does not run while the page first becomes usable.
  let globalQuestions = loadQuestions("");
  let choices: ServiceChoices = { serviceId: "", extras: NO_EXTRAS, questions: globalQuestions };
  return {
    catalogue: loadable(
      Promise.all([fetchServices(), fetchFrequencies()]).then(([services, frequencies]) => ({ services, frequencies })),
    ),
    content: loadable(fetchContent()),
    calendar: loadable(
      fetchScheduling().then((settings): BookingCalendar => ({
        ...settings,
        todayYmd: melbourneYmd(new Date()),
        earliestYmd: earliestBookableYmd(new Date(), settings),
        latestYmd: latestBookableYmd(new Date(), settings),
      })),
    ),
    /**
     * The draft this tab kept (sessionStorage), read in the browser only: like the API's data it
     * arrives after hydration, so the prerendered form and the first client render agree.
     */
    storedDraft: loadable(Promise.resolve().then(readStoredDraft)),
    get globalQuestions() {
      return globalQuestions;
    },
    /** The chosen service's add-ons and questions, fetched when the choice changes (as a retry does). */
    choicesFor(serviceId: string): ServiceChoices {
      if (choices.serviceId !== serviceId) {
        choices = serviceId === ""
          ? { serviceId, extras: NO_EXTRAS, questions: globalQuestions }
          : { serviceId, extras: loadable(fetchExtras(serviceId).then(byOrder)), questions: loadQuestions(serviceId) };
      }
      return choices;
    },
    /** Asks again for the questions (the global ones and the chosen service's) after a failure. */
    retryQuestions() {
      globalQuestions = loadQuestions("");
      choices = {
        ...choices,
        questions: choices.serviceId === "" ? globalQuestions : loadQuestions(choices.serviceId),
      };
    },
  };
}

export type BookingPageData = ReturnType<typeof loadBookingPage>;

/** The loadable's state once it has settled. */
function settled<T>(source: Loadable<T>): Promise<Settled<T>> {
  if (source.state.status !== "loading") return Promise.resolve(source.state);
  return new Promise((resolve) => {
    const stop = source.subscribe(() => {
      if (source.state.status === "loading") return;
      stop();
      resolve(source.state);
    });
  });
}

/** How long Book Now waits for the questions before it goes on without them. */
export const QUESTIONS_WAIT_MS = 8_000;

/**
 * The questions for Book Now or Get Quote (the global ones and the chosen service's): awaited while
 * they load, and asked for once more if they failed, so the customer's answers are taken whenever
 * they can be had; but never for longer than `waitMs`, so a request that hangs cannot stop the
 * booking. The form re-renders as they arrive.
 */
export function questionsAtSubmit(
  data: Pick<BookingPageData, "choicesFor" | "retryQuestions">,
  serviceId: string,
  waitMs = QUESTIONS_WAIT_MS,
): Promise<Settled<QuestionDto[]>> {
  if (data.choicesFor(serviceId).questions.state.status === "failed") data.retryQuestions();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<Settled<QuestionDto[]>>((resolve) => {
    timer = setTimeout(() => resolve({ status: "failed", error: new Error("The questions took too long.") }), waitMs);
  });
  return Promise.race([settled(data.choicesFor(serviceId).questions), gaveUp]).finally(() => clearTimeout(timer));
}

export interface BookingCatalog {
  services: ServiceDto[];
  frequencies: FrequencyDto[];
  /** Add-ons of the chosen service. */
  extras: ExtraDto[];
  /** Global questions plus the chosen service's. */
  questions: QuestionDto[];
  content: BookingFormContentDto;
  calendar: Settled<BookingCalendar>;
  loading: boolean;
  /** Services, frequencies or add-ons failed: prices cannot be shown. */
  pricingFailed: boolean;
  /** Whether the chosen service's questions (global ones included) are known yet. */
  questionsStatus: Settled<unknown>["status"];
}

const NONE: never[] = [];
const readyList = <T>(state: Settled<T[]>): T[] => (state.status === "ready" ? state.value : NONE);

/** The page's data as the form reads it: empty lists while loading, the spec's content until it arrives. */
export function useBookingCatalog(data: BookingPageData, serviceId: string): BookingCatalog {
  const choices = data.choicesFor(serviceId);
  const catalogue = useLoadable(data.catalogue);
  const content = useLoadable(data.content);
  const calendar = useLoadable(data.calendar);
  const extras = useLoadable(choices.extras);
  const questions = useLoadable(choices.questions);
  const globalQuestions = useLoadable(data.globalQuestions);
  return {
    services: catalogue.status === "ready" ? catalogue.value.services : NONE,
    frequencies: catalogue.status === "ready" ? catalogue.value.frequencies : NONE,
    extras: readyList(extras),
    // While a service's questions load, or if they fail, the global ones (asked of every service) stay on screen.
    questions: questions.status === "ready" ? questions.value : readyList(globalQuestions),
    // Without content the spec's defaults are what the customer sees.
    content: content.status === "ready" ? content.value : DEFAULT_CONTENT,
    calendar,
    loading: catalogue.status === "loading",
    pricingFailed: catalogue.status === "failed" || extras.status === "failed",
    questionsStatus: questions.status,
  };
}

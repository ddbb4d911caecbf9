import type {
  BookingFormContentDto,
  ExtraDto,
  FrequencyDto,
  QuestionDto,
  ServiceDto,
} from "@yarra/api/client/types.ts";
import { useEffect, useState } from "react";
import { fetchContent, fetchExtras, fetchFrequencies, fetchQuestions, fetchServices } from "./booking-api.ts";
import { DEFAULT_CONTENT } from "./booking-draft.ts";

export interface BookingCatalog {
  services: ServiceDto[];
  frequencies: FrequencyDto[];
  /** Add-ons of the chosen service. */
  extras: ExtraDto[];
  /** Global questions plus the chosen service's. */
  questions: QuestionDto[];
  content: BookingFormContentDto;
  loading: boolean;
  /** Services, frequencies or add-ons failed: prices cannot be shown. */
  pricingFailed: boolean;
  questionsFailed: boolean;
}

const NO_EXTRAS: { items: ExtraDto[]; failed: boolean } = { items: [], failed: false };

const byOrder = <T extends { order?: number }>(items: T[]) =>
  [...items].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));

/** Loads what the form sells; the add-ons and questions follow the chosen service. */
export function useBookingCatalog(serviceId: string): BookingCatalog {
  const [base, setBase] = useState<{ services: ServiceDto[]; frequencies: FrequencyDto[]; failed: boolean; loading: boolean }>(
    { services: [], frequencies: [], failed: false, loading: true },
  );
  const [content, setContent] = useState<BookingFormContentDto>(DEFAULT_CONTENT);
  const [extras, setExtras] = useState<{ serviceId: string; items: ExtraDto[]; failed: boolean }>(
    { serviceId: "", items: [], failed: false },
  );
  const [questions, setQuestions] = useState<{ items: QuestionDto[]; failed: boolean }>(
    { items: [], failed: false },
  );

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([fetchServices({ signal }), fetchFrequencies({ signal })])
      .then(([services, frequencies]) => setBase({ services, frequencies, failed: false, loading: false }))
      .catch(() => {
        if (!signal.aborted) setBase({ services: [], frequencies: [], failed: true, loading: false });
      });
    // Without content the spec's defaults (already in state) are what the customer sees.
    fetchContent({ signal }).then(setContent).catch(() => {});
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    if (serviceId) {
      fetchExtras(serviceId, { signal })
        .then((items) => setExtras({ serviceId, items: byOrder(items), failed: false }))
        .catch(() => {
          if (!signal.aborted) setExtras({ serviceId, items: [], failed: true });
        });
    }
    fetchQuestions(serviceId, { signal })
      .then((items) => setQuestions({ items: orderQuestions(items), failed: false }))
      .catch(() => {
        if (!signal.aborted) setQuestions({ items: [], failed: true });
      });
    return () => controller.abort();
  }, [serviceId]);

  // The previous service's add-ons until the new ones arrive: none (one array, so memoised sections hold).
  const currentExtras = extras.serviceId === serviceId ? extras : NO_EXTRAS;
  return {
    services: base.services,
    frequencies: base.frequencies,
    extras: currentExtras.items,
    questions: questions.items,
    content,
    loading: base.loading,
    pricingFailed: base.failed || currentExtras.failed,
    questionsFailed: questions.failed,
  };
}

/** Global questions first, then the service's, each in their own order. */
function orderQuestions(items: QuestionDto[]): QuestionDto[] {
  const scopeRank = (q: QuestionDto) => (q.scope === "GLOBAL" ? 0 : 1);
  return [...items].sort((a, b) => scopeRank(a) - scopeRank(b) || a.order - b.order);
}

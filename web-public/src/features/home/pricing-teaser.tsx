import { getRouteApi, Link } from "@tanstack/react-router";
import type { ServiceDto } from "@yarra/api/client/types.ts";
import { formatAud } from "@yarra/core/shared/money.ts";
import { getJson } from "../../lib/get-json.ts";
import { loadable, useLoadable } from "../../lib/loadable.ts";

/** public-site.md section 8: the pricing load failure message. */
export const PRICING_LOAD_ERROR = "We couldn’t load pricing right now. Please refresh or try again shortly.";

/** The cheapest way into a service, in the words of its pricing model. */
export function startingPrice(service: ServiceDto): string | null {
  switch (service.pricingModel) {
    case "HOURLY":
      return service.ratePerHour > 0 ? `from ${formatAud(service.ratePerHour)}/hour` : null;
    case "BEDROOMS": {
      const prices = (service.bedroomPrices ?? []).map((row) => row.price).filter((price) => price > 0);
      return prices.length > 0 ? `from ${formatAud(Math.min(...prices))}` : null;
    }
    case "FIXED":
      return service.basePrice > 0 ? `${formatAud(service.basePrice)} flat rate` : null;
    default:
      return null;
  }
}

/** GET /api/services: the list, bare or as { items }. */
async function fetchServices(): Promise<ServiceDto[]> {
  const body = await getJson<ServiceDto[] | { items: ServiceDto[] }>("/api/services");
  return Array.isArray(body) ? body : body.items;
}

/** The home route's loader: the live catalogue, so the teaser never disagrees with the booking form. */
export const loadStartingPrices = () => ({ services: loadable(fetchServices()) });

const home = getRouteApi("/site/");

/** Live starting prices from GET /api/services. */
export function PricingTeaser() {
  const state = useLoadable(home.useLoaderData().services);

  const priced = state.status === "ready"
    ? state.value.flatMap((service) => {
      const price = startingPrice(service);
      return price ? [{ id: service._id, name: service.name, price }] : [];
    })
    : [];

  return (
    <div className="pricing-teaser" aria-live="polite" aria-busy={state.status === "loading"}>
      {state.status === "loading" && <p className="pricing-teaser__note">Loading prices…</p>}
      {state.status === "failed" && <p className="pricing-teaser__note">{PRICING_LOAD_ERROR}</p>}
      {state.status === "ready" && priced.length === 0 && (
        <p className="pricing-teaser__note">Prices are shown as you build your clean.</p>
      )}
      {priced.length > 0 && (
        <ul className="pricing-teaser__list">
          {priced.map((row) => (
            <li key={row.id}>
              <span className="pricing-teaser__name">{row.name}</span>
              <span className="pricing-teaser__price">{row.price}</span>
            </li>
          ))}
        </ul>
      )}
      <p className="pricing-teaser__foot">
        Tax included. Loyalty discounts apply to regular cleans after the first visit.{" "}
        <Link to="/book-now">See your exact price</Link>
      </p>
    </div>
  );
}

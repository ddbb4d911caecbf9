import { afterEach, describe, expect, it } from "vitest";
import { currentPosition } from "./position.ts";

function geolocation(value: Partial<Geolocation> | undefined) {
  Object.defineProperty(navigator, "geolocation", { configurable: true, value });
}

afterEach(() => geolocation(undefined));

describe("the phone's position for a check-in", () => {
  it("is the browser's when it gives one", async () => {
    geolocation({
      getCurrentPosition: (ok, _fail, options) => {
        expect(options).toMatchObject({ timeout: 5000, enableHighAccuracy: true });
        ok({ coords: { latitude: -37.81, longitude: 144.96 } } as GeolocationPosition);
      },
    });
    expect(await currentPosition()).toEqual({ lat: -37.81, lng: 144.96 });
  });

  it("is none without geolocation, when it is refused, or when it does not come in time", async () => {
    geolocation(undefined);
    expect(await currentPosition()).toBeNull();
    geolocation({ getCurrentPosition: (_ok, fail) => fail?.({ code: 1, message: "denied" } as GeolocationPositionError) });
    expect(await currentPosition()).toBeNull();
    geolocation({ getCurrentPosition: () => { throw new Error("insecure context"); } });
    expect(await currentPosition()).toBeNull();
    // A permission prompt left open: the wait ends by itself (5 s on a phone; 30 ms here).
    let late: PositionCallback | undefined;
    geolocation({ getCurrentPosition: (ok) => void (late = ok) });
    const started = Date.now();
    expect(await currentPosition(30)).toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
    // An answer after the wait changes nothing.
    late?.({ coords: { latitude: 1, longitude: 2 } } as GeolocationPosition);
  });
});

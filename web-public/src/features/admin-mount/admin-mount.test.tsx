import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_REMOTE_ENTRY, REMOTE_ENTRY_META } from "./remote-entry.ts";

/** Renders /admin on fresh modules; returns the remotes the mount set, as the stubbed runtime recorded them. */
async function renderAdmin() {
  const { createAppRouter } = await import("../../router.tsx");
  const router = createAppRouter(createMemoryHistory({ initialEntries: ["/admin"] }));
  await act(() => router.load());
  render(<RouterProvider router={router} />);
  return (await import("../../test/federation-runtime-stub.ts")).remotesSet;
}

describe("AdminMount", () => {
  afterEach(() => {
    vi.doUnmock("admin/AdminApp");
    vi.resetModules();
    document.head.querySelector(`meta[name="${REMOTE_ENTRY_META}"]`)?.remove();
  });

  it("says the staff area could not be loaded when the remote fails", async () => {
    vi.resetModules();
    vi.doMock("admin/AdminApp", () => {
      throw new Error("remoteEntry.js: 404");
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderAdmin();
    expect(await screen.findByText("The staff area could not be loaded.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("tries again without a reload, under a new URL, and shows the staff area once it loads", async () => {
    vi.resetModules();
    let loads = 0;
    vi.doMock("admin/AdminApp", () => {
      loads += 1;
      if (loads === 1) throw new Error("Failed to fetch dynamically imported module");
      return { default: () => <p>Staff area loaded</p> };
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const remotesSet = await renderAdmin();
    await userEvent.click(await screen.findByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Staff area loaded")).toBeTruthy();
    expect(screen.queryByText("The staff area could not be loaded.")).toBeNull();
    expect(remotesSet.map(([name, config]) => [name, config.url])).toEqual([
      ["admin", DEFAULT_REMOTE_ENTRY],
      ["admin", `${DEFAULT_REMOTE_ENTRY}?retry=1`],
    ]);
  });

  it("loads the remote from the entry the page names at run time", async () => {
    vi.resetModules();
    const meta = Object.assign(document.createElement("meta"), {
      name: REMOTE_ENTRY_META,
      content: "https://staff.example.com/admin-app/assets/remoteEntry.js",
    });
    document.head.append(meta);
    const remotesSet = await renderAdmin();
    expect(await screen.findByTestId("admin-stub")).toBeTruthy();
    expect(remotesSet).toEqual([
      ["admin", { url: "https://staff.example.com/admin-app/assets/remoteEntry.js", format: "esm", from: "vite" }],
    ]);
  });
});

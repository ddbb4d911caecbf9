import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

describe("AdminMount", () => {
  afterEach(() => {
    vi.doUnmock("admin/AdminApp");
    vi.resetModules();
  });

  it("says the staff area could not be loaded when the remote fails", async () => {
    vi.resetModules();
    vi.doMock("admin/AdminApp", () => {
      throw new Error("remoteEntry.js: 404");
    });
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { createAppRouter } = await import("../../router.tsx");
    const router = createAppRouter(createMemoryHistory({ initialEntries: ["/admin"] }));
    await act(() => router.load());
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("The staff area could not be loaded.")).toBeTruthy();
    consoleError.mockRestore();
  });
});

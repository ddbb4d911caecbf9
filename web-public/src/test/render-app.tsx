import { createMemoryHistory, RouterProvider } from "@tanstack/react-router";
import { act, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createAppRouter } from "../router.tsx";

/** Renders the whole site at `path` on memory history, the way main.tsx does in the browser. */
export async function renderApp(path = "/") {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(history);
  await act(() => router.load());
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { ...view, router, history, user };
}

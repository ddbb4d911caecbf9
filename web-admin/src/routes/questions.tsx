import { createRoute } from "@tanstack/react-router";
import { QuestionsPage } from "../features/questions/questions-page.tsx";
import { authedRoute } from "./authed.tsx";

export const questionsRoute = createRoute({
  getParentRoute: () => authedRoute,
  path: "/questions",
  component: QuestionsPage,
});

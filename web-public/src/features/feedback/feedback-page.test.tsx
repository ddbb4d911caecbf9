/**
 * /feedback/$token (issue 32) against msw handlers that follow contract B, on a phone-sized
 * window (390 px), as the e-mail's link is mostly opened.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { act, screen, waitFor, within } from "@testing-library/react";
import { STATUS_CATALOGUE } from "@yarra/api/client/error-catalogue.ts";
import { delay, http, HttpResponse } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";
import { server, TEST_PROFILE } from "../../test/server.ts";
import type { FeedbackView } from "./feedback-api.ts";
import { FEEDBACK_TEXT } from "./feedback-page.tsx";

const TOKEN = "Fb_9q-".repeat(7) + "Z";
const PATH = `/api/feedback/${TOKEN}`;
const PHONE = { width: 390, height: 844 };
const feedbackCss = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "feedback.css"), "utf8");

/** Ada's clean on Friday 27 Nov 2026 at 9:00 am in Melbourne (the evening before in UTC), not yet rated. */
const JOB: FeedbackView = {
  reference: "YS-7K3F9Q",
  serviceName: "Hourly Cleaning",
  startTimeISO: "2026-11-26T22:00:00.000Z",
  firstName: "Ada",
  cleanerFirstNames: ["Priya", "Sam"],
  businessName: "Test Sparkle Co",
  rating: null,
  comment: null,
  ratedAt: null,
  reviewUrl: null,
};
const REVIEW_URL = "https://g.page/r/test-sparkle/review";
/** The server's answer once rated: the review page only for a 4 or 5. */
const rated = (rating: 1 | 2 | 3 | 4 | 5, comment: string | null): FeedbackView => ({
  ...JOB,
  rating,
  comment,
  ratedAt: "2026-11-27T05:00:00.000Z",
  reviewUrl: rating >= 4 ? REVIEW_URL : null,
});

const invalidLink = () =>
  HttpResponse.json({ code: "FEEDBACK_LINK_INVALID", error: "This feedback link is invalid or has expired." }, { status: 404 });

/** Serves the link's GET and POST; each POST's body is kept, and answered by `answer`. */
function serve(view: FeedbackView | "invalid", answer: (body: { rating: number; comment?: string }) => Response | Promise<Response>) {
  const posts: unknown[] = [];
  let gets = 0;
  server.use(
    http.get(PATH, () => {
      gets += 1;
      return view === "invalid" ? invalidLink() : HttpResponse.json(view);
    }),
    http.post(PATH, async ({ request }) => {
      const body = (await request.json()) as { rating: number; comment?: string };
      posts.push(body);
      return answer(body);
    }),
  );
  return { posts, gets: () => gets };
}

/** The server's 201: the rating and the trimmed comment it stored. */
const accept = (body: { rating: number; comment?: string }) =>
  HttpResponse.json(rated(body.rating as 1 | 2 | 3 | 4 | 5, body.comment?.trim() || null), { status: 201 });

const main = () => within(screen.getByRole("main"));
const detail = (term: string) => main().getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
const ratingGroup = () => main().getByRole("group", { name: FEEDBACK_TEXT.ratingLegend });
const radio = (name: string) => within(ratingGroup()).getByRole<HTMLInputElement>("radio", { name });
const thanksHeading = () => main().findByRole("heading", { level: 2, name: FEEDBACK_TEXT.thanks });

/** The declarations of one rule as written in the stylesheet. */
function declarationsOf(css: string, selector: string): string {
  const at = css.indexOf(`${selector} {`);
  expect(at, selector).toBeGreaterThanOrEqual(0);
  return css.slice(at, css.indexOf("}", at));
}

beforeEach(() => {
  Object.assign(window, { innerWidth: PHONE.width, innerHeight: PHONE.height });
  document.head.querySelector('meta[name="robots"]')?.remove();
});

describe("the feedback page", { timeout: 30_000 }, () => {
  it("says it is loading, then shows the job in Melbourne time and a 1–5 rating of real radios; not indexed", async () => {
    server.use(http.get(PATH, async () => {
      await delay(150);
      return HttpResponse.json(JOB);
    }));
    await renderApp(`/feedback/${TOKEN}`);
    expect((await main().findByRole("status")).textContent).toBe(FEEDBACK_TEXT.loading);
    expect(main().getByRole("heading", { level: 1 }).textContent).toBe(FEEDBACK_TEXT.title);

    expect(await main().findByText("Hi Ada, thanks for choosing Test Sparkle Co. Please tell us how your clean went.")).toBeTruthy();
    expect(detail("Service")).toBe("Hourly Cleaning");
    expect(detail("Date")).toBe("Friday 27 November 2026");
    expect(detail("Reference")).toBe("YS-7K3F9Q");
    expect(detail("Your cleaners")).toBe("Priya and Sam");

    const radios = within(ratingGroup()).getAllByRole<HTMLInputElement>("radio");
    expect(radios.map((input) => input.labels?.[0]?.textContent?.replace(/★/g, ""))).toEqual([
      "1 – Poor", "2 – Fair", "3 – Good", "4 – Very good", "5 – Excellent",
    ]);
    expect(radios.every((input) => input.type === "radio" && input.name === "rating" && !input.checked)).toBe(true);
    // The stars are for the eye: each radio's name is its words.
    expect(radio("5 – Excellent").value).toBe("5");

    const comment = main().getByLabelText(FEEDBACK_TEXT.comment);
    expect(comment.getAttribute("maxlength")).toBe("2000");
    expect(comment.getAttribute("aria-describedby")).toBe(main().getByText(FEEDBACK_TEXT.commentCount(0)).id);
    expect(main().getByRole("button", { name: FEEDBACK_TEXT.send })).toBeTruthy();

    await waitFor(() => expect(document.title).toBe(`Rate your clean · ${TEST_PROFILE.brandName}`));
    expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
    expect(document.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it("a 2 with a comment: sent, the answer's heading takes focus, and the office will be in touch; no review link", async () => {
    const calls = serve(JOB, accept);
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "2 – Fair" }));
    const comment = main().getByLabelText(FEEDBACK_TEXT.comment);
    await user.type(comment, "  Missed the oven.  ");
    expect(main().getByText(FEEDBACK_TEXT.commentCount(20))).toBeTruthy();
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));

    const heading = await thanksHeading();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls.posts).toEqual([{ rating: 2, comment: "  Missed the oven.  " }]);
    expect(main().getByText(FEEDBACK_TEXT.youRated(2))).toBeTruthy();
    expect(main().getByText("Missed the oven.", { selector: "blockquote" })).toBeTruthy();
    expect(main().getByText(FEEDBACK_TEXT.sorry)).toBeTruthy();
    expect(main().queryByRole("link", { name: /Leave us a review/ })).toBeNull();
    // The form is gone: a clean is rated once.
    expect(main().queryByRole("group", { name: FEEDBACK_TEXT.ratingLegend })).toBeNull();
    expect(main().queryByRole("button", { name: FEEDBACK_TEXT.send })).toBeNull();
  });

  it("a 5 without a comment: thanks, and 'Leave us a review' opens the business's review page in a new tab", async () => {
    const calls = serve(JOB, accept);
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "5 – Excellent" }));
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));

    const heading = await thanksHeading();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls.posts).toEqual([{ rating: 5 }]);
    expect(main().getByText(FEEDBACK_TEXT.youRated(5))).toBeTruthy();
    expect(main().queryByText(FEEDBACK_TEXT.sorry)).toBeNull();
    const review = main().getByRole("link", { name: `${FEEDBACK_TEXT.review} ${FEEDBACK_TEXT.newTab}` });
    expect(review.getAttribute("href")).toBe(REVIEW_URL);
    expect(review.getAttribute("target")).toBe("_blank");
    expect(review.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("a rating is chosen with the keyboard alone: Space, the arrow keys, Tab back to the chosen one, Enter on Send", async () => {
    const calls = serve(JOB, accept);
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    const first = await main().findByRole<HTMLInputElement>("radio", { name: "1 – Poor" });
    act(() => first.focus());
    await user.keyboard(" ");
    expect(first.checked).toBe(true);
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowDown}");
    expect(radio("4 – Very good").checked).toBe(true);
    expect(document.activeElement).toBe(radio("4 – Very good"));
    await user.keyboard("{ArrowLeft}");
    expect(radio("3 – Good").checked).toBe(true);
    expect(radio("4 – Very good").checked).toBe(false);

    // One stop for the group: Tab leaves it for the comment, Shift+Tab comes back to the chosen rating.
    await user.tab();
    expect(document.activeElement).toBe(main().getByLabelText(FEEDBACK_TEXT.comment));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(radio("3 – Good"));

    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(main().getByRole("button", { name: FEEDBACK_TEXT.send }));
    await user.keyboard("{Enter}");
    await thanksHeading();
    expect(calls.posts).toEqual([{ rating: 3 }]);
    expect(main().getByText(FEEDBACK_TEXT.sorry)).toBeTruthy();
  });

  it("Send without a rating asks for one at the group and sends nothing", async () => {
    const calls = serve(JOB, accept);
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("button", { name: FEEDBACK_TEXT.send }));
    const group = ratingGroup();
    const message = within(group).getByText(FEEDBACK_TEXT.ratingRequired);
    expect(group.getAttribute("aria-describedby")).toBe(message.id);
    expect(group.getAttribute("aria-invalid")).toBe("true");
    expect(document.activeElement).toBe(radio("1 – Poor"));
    expect(calls.posts).toEqual([]);
    // Choosing one clears it.
    await user.click(radio("4 – Very good"));
    expect(within(group).queryByText(FEEDBACK_TEXT.ratingRequired)).toBeNull();
  });

  it("the server's 422 messages show on their fields, and the keyboard goes to the first", async () => {
    serve(JOB, () =>
      HttpResponse.json({
        code: "VALIDATION_FAILED",
        error: "Please fix the fields below and try again.",
        fieldErrors: { comment: ["Please keep your comment under 2000 characters."] },
      }, { status: 422 }));
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "4 – Very good" }));
    const comment = main().getByLabelText(FEEDBACK_TEXT.comment);
    await user.type(comment, "Lovely");
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));

    const message = await main().findByText("Please keep your comment under 2000 characters.");
    expect(comment.getAttribute("aria-invalid")).toBe("true");
    expect(comment.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);
    await waitFor(() => expect(document.activeElement).toBe(comment));
    expect(ratingGroup().getAttribute("aria-invalid")).toBeNull();
    // Said at the field, not again in an alert; the form stays to be fixed.
    expect(main().queryByRole("alert")).toBeNull();
    expect(main().queryByRole("heading", { name: FEEDBACK_TEXT.thanks })).toBeNull();
  });

  it("a 422 on the rating shows in the rating group and focuses the chosen radio", async () => {
    serve(JOB, () =>
      HttpResponse.json({
        code: "VALIDATION_FAILED",
        error: "Please fix the fields below and try again.",
        fieldErrors: { rating: ["Please choose a rating from 1 to 5."] },
      }, { status: 422 }));
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "2 – Fair" }));
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));
    const message = await within(ratingGroup()).findByText("Please choose a rating from 1 to 5.");
    expect(ratingGroup().getAttribute("aria-describedby")).toBe(message.id);
    await waitFor(() => expect(document.activeElement).toBe(radio("2 – Fair")));
  });

  it("an unknown or expired link says so, with a way to contact us", async () => {
    const calls = serve("invalid", accept);
    await renderApp(`/feedback/${TOKEN}`);
    expect(await main().findByRole("heading", { level: 1, name: FEEDBACK_TEXT.invalid })).toBeTruthy();
    expect(main().getByRole("link", { name: "contact us" }).getAttribute("href")).toBe("/contact-us");
    expect(main().queryByRole("group")).toBeNull();
    expect(calls.posts).toEqual([]);
  });

  it("a link that expires while the page is open says so on Send", async () => {
    serve(JOB, () => invalidLink());
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "3 – Good" }));
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));
    expect(await main().findByRole("heading", { level: 1, name: FEEDBACK_TEXT.invalid })).toBeTruthy();
  });

  it("an already-rated link shows the thanks with the rating given, and no form", async () => {
    serve(rated(4, "Spotless kitchen."), accept);
    await renderApp(`/feedback/${TOKEN}`);
    const heading = await thanksHeading();
    expect(main().getByText(FEEDBACK_TEXT.youRated(4))).toBeTruthy();
    expect(main().getByText("Spotless kitchen.", { selector: "blockquote" })).toBeTruthy();
    expect(main().getByRole("link", { name: /^Leave us a review/ }).getAttribute("href")).toBe(REVIEW_URL);
    expect(main().queryByRole("group", { name: FEEDBACK_TEXT.ratingLegend })).toBeNull();
    // Opening the page is not sending: the focus is left where the router put it.
    expect(document.activeElement).not.toBe(heading);
  });

  it("a 409 (rated in another tab) shows the thanks with the rating given there", async () => {
    let view: FeedbackView = JOB;
    const posts: unknown[] = [];
    server.use(
      http.get(PATH, () => HttpResponse.json(view)),
      http.post(PATH, async ({ request }) => {
        posts.push(await request.json());
        view = rated(1, "Nobody came.");
        return HttpResponse.json({ code: "FEEDBACK_ALREADY_GIVEN", error: "You've already rated this clean. Thank you!" }, { status: 409 });
      }),
    );
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "5 – Excellent" }));
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));

    const heading = await thanksHeading();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(main().getByText("You've already rated this clean. Thank you!")).toBeTruthy();
    // The rating given there, asked for again: not the 5 chosen here.
    expect(await main().findByText(FEEDBACK_TEXT.youRated(1))).toBeTruthy();
    expect(main().getByText(FEEDBACK_TEXT.sorry)).toBeTruthy();
    expect(main().queryByRole("link", { name: /Leave us a review/ })).toBeNull();
    expect(posts).toEqual([{ rating: 5 }]);
  });

  it("a 429 on Send gives the site's rate-limit message, and the form stays to try again", async () => {
    let limited = true;
    const calls = serve(JOB, (body) =>
      limited
        ? HttpResponse.json({ code: "RATE_LIMITED", error: "Too many requests, please slow down." }, { status: 429 })
        : accept(body));
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    await user.click(await main().findByRole("radio", { name: "4 – Very good" }));
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));

    const alert = await main().findByRole("alert");
    expect(within(alert).getByText(STATUS_CATALOGUE[429].title)).toBeTruthy();
    expect(within(alert).getByText(STATUS_CATALOGUE[429].text)).toBeTruthy();
    expect(radio("4 – Very good").checked).toBe(true);

    limited = false;
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.send }));
    await thanksHeading();
    expect(main().queryByRole("alert")).toBeNull();
    expect(calls.posts).toEqual([{ rating: 4 }, { rating: 4 }]);
  });

  it("a 429 on opening the page gives the rate-limit message and Try again", async () => {
    let limited = true;
    server.use(http.get(PATH, () =>
      limited ? HttpResponse.json({ code: "RATE_LIMITED", error: "Too many requests." }, { status: 429 }) : HttpResponse.json(JOB)));
    const { user } = await renderApp(`/feedback/${TOKEN}`);
    const alert = await main().findByRole("alert");
    expect(within(alert).getByText(STATUS_CATALOGUE[429].text)).toBeTruthy();
    limited = false;
    await user.click(main().getByRole("button", { name: FEEDBACK_TEXT.tryAgain }));
    expect(await main().findByRole("group", { name: FEEDBACK_TEXT.ratingLegend })).toBeTruthy();
  });

  it("at 390 px the ratings are a list of full-width rows, each at least 44 px tall, and Send spans the width", () => {
    const phone = feedbackCss.slice(feedbackCss.indexOf("@media (max-width: 720px)"));
    expect(PHONE.width).toBeLessThanOrEqual(720);
    expect(declarationsOf(phone, "  .feedback-rating__options")).toContain("grid-template-columns: minmax(0, 1fr)");
    expect(declarationsOf(phone, "  .feedback-form__actions .button")).toContain("flex: 1 1 100%");
    // Each row reads '4 – Very good' on one line: the dash hidden where the five stand across is shown.
    expect(declarationsOf(phone, "  .feedback-rating__dash")).toContain("position: static");
    const minHeight = /min-height: ([\d.]+)rem/.exec(declarationsOf(feedbackCss, ".feedback-rating__option"))![1];
    expect(Number(minHeight) * 16).toBeGreaterThanOrEqual(44);
    // Long words (a reference, a pasted link in a comment) wrap rather than widen the page.
    expect(declarationsOf(feedbackCss, ".feedback-result__comment blockquote")).toContain("overflow-wrap: anywhere");
  });
});

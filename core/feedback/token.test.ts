import assert from "node:assert/strict";
import { hashManageToken, MANAGE_TOKEN_PATTERN, newManageToken } from "../booking/manage/token.ts";
import { FEEDBACK_TOKEN_PATTERN, feedbackUrl, hashFeedbackToken, newFeedbackToken } from "./token.ts";

Deno.test("a feedback link follows the manage link's token rules: the same generator, pattern and hash", () => {
  const link = newFeedbackToken();
  assert.match(link.token, FEEDBACK_TOKEN_PATTERN);
  assert.equal(FEEDBACK_TOKEN_PATTERN, MANAGE_TOKEN_PATTERN);
  assert.equal(link.hash, hashManageToken(link.token));
  assert.equal(hashFeedbackToken(link.token), link.hash);
  assert.equal(newFeedbackToken((bytes) => bytes.fill(255)).token, newManageToken((bytes) => bytes.fill(255)).token);
});

Deno.test("the page is SITE_URL/feedback/<token>, and there is none without a site URL", () => {
  assert.equal(feedbackUrl("https://yarrashine.com.au/", "abc"), "https://yarrashine.com.au/feedback/abc");
  assert.equal(feedbackUrl("http://localhost:8000", "abc"), "http://localhost:8000/feedback/abc");
  assert.equal(feedbackUrl(undefined, "abc"), undefined);
});

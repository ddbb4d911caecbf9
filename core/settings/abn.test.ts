import assert from "node:assert/strict";
import { formatAbn, isValidAbn } from "./abn.ts";

Deno.test("ATO examples pass the modulus-89 check, with or without spaces", () => {
  // 51 824 753 556 is the ATO's worked example; the others are registered businesses' ABNs.
  for (const abn of ["51 824 753 556", "51824753556", "53 004 085 616", "33 051 775 556", "88 000 014 675"]) {
    assert(isValidAbn(abn), abn);
  }
});

Deno.test("a wrong digit, a wrong length or letters fail", () => {
  for (const abn of ["51 824 753 557", "15 824 753 556", "5182475355", "518247535560", "51-824-753-556", "ABN", "", "01 824 753 556"]) {
    assert(!isValidAbn(abn), abn);
  }
});

Deno.test("an ABN is written 2 3 3 3", () => {
  assert.equal(formatAbn("51824753556"), "51 824 753 556");
  assert.equal(formatAbn(" 51 824 753 556 "), "51 824 753 556");
  assert.equal(formatAbn(""), "");
});

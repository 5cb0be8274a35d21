import { describe, expect, test } from "vitest";
import { EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH, isEmailTooLong, mailboxOf, maskEmail } from "./email-address";
import { emailAddressSchema } from "./email-address-schema";

const schema = emailAddressSchema({ invalid: "invalid", tooLong: "too-long" });
const issueOf = (typed: unknown) => {
  const parsed = schema.safeParse(typed);
  return parsed.success ? null : parsed.error.issues.map((issue) => issue.message);
};
/** An address of exactly `length` characters with a local part of `local`. */
const address = (local: number, length: number) => `${"a".repeat(local)}@${"b".repeat(length - local - 6)}.test`;

describe("an address's length", () => {
  test(`${EMAIL_MAX_LENGTH} in all and ${EMAIL_LOCAL_MAX_LENGTH} before the @ pass; one more is too long, and only that is said`, () => {
    expect(address(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH)).toHaveLength(EMAIL_MAX_LENGTH);
    expect(isEmailTooLong(address(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH))).toBe(false);
    expect(isEmailTooLong(address(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH + 1))).toBe(true);
    expect(isEmailTooLong(address(EMAIL_LOCAL_MAX_LENGTH + 1, 100))).toBe(true);
    expect(isEmailTooLong("x".repeat(EMAIL_LOCAL_MAX_LENGTH + 1))).toBe(true);
    expect(issueOf(address(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH))).toBeNull();
    expect(issueOf(address(EMAIL_LOCAL_MAX_LENGTH, EMAIL_MAX_LENGTH + 1))).toEqual(["too-long"]);
    expect(issueOf(`${"a".repeat(290)}@example.test`)).toEqual(["too-long"]);
    expect(issueOf(`${"a".repeat(99_000)}@x`)).toEqual(["too-long"]);
  });

  test("spaces around are not counted; what is no address is invalid", () => {
    expect(schema.parse(`  ${address(10, EMAIL_MAX_LENGTH)} `)).toBe(address(10, EMAIL_MAX_LENGTH));
    for (const typed of ["", "not-an-address", "a@b", undefined, 42]) expect(issueOf(typed)).toEqual(["invalid"]);
  });
});

describe("the mailbox an address is counted as", () => {
  test.each([
    ["Someone@Example.COM", "someone@example.com"],
    ["some.one+tagback@example.com", "some.one@example.com"],
    ["victim+1@example.com", "victim@example.com"],
    ["Some.One+x@gmail.com", "someone@gmail.com"],
    ["s.o.m.e.o.n.e@googlemail.com", "someone@gmail.com"],
  ])("%j counts as %j", (typed, mailbox) => {
    expect(mailboxOf(typed)).toBe(mailbox);
  });
});

test.each([
  ["alice@example.com", "a…@example.com"],
  [" Bob.Smith+x@Example.COM ", "b…@example.com"],
  ["ऋषि@example.in", "ऋ…@example.in"],
  ["@example.com", "…"],
])("%j is shown as %j", (typed, shown) => {
  expect(maskEmail(typed)).toBe(shown);
});

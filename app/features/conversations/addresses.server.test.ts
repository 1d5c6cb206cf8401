import { describe, expect, it } from "vitest";
import { loadEnv } from "~/platform/env.server";
import { leadMessageId, leadOfMessageId, leadOfReplyAddress, leadReplyTo, referencesAfter } from "./addresses.server";

describe("a lead's conversation addresses", () => {
  const env = { MAIL_REPLY_TO: "sales@fillway.com", MAIL_FROM: "Fillway <no-reply@mail.fillway.com>" };

  it("answers go to MAIL_REPLY_TO's plus-address for the lead, which names the lead back", () => {
    expect(leadReplyTo(env, 42)).toBe("sales+lead-42@fillway.com");
    expect(leadReplyTo({ MAIL_REPLY_TO: undefined }, 42)).toBeNull();
    expect(leadOfReplyAddress(env, "Sales+Lead-42@Fillway.com")).toBe(42);
    expect(leadOfReplyAddress(env, "sales+lead-42@other.com")).toBeNull();
    expect(leadOfReplyAddress(env, "ops+lead-42@fillway.com")).toBeNull();
    expect(leadOfReplyAddress(env, "sales+lead-0@fillway.com")).toBeNull();
  });

  it("a Message-ID names the lead and MAIL_FROM's domain, random each time", () => {
    const a = leadMessageId(env, 7);
    expect(a).toMatch(/^<lead-7\.[0-9a-f]{16}@mail\.fillway\.com>$/);
    expect(leadMessageId(env, 7)).not.toBe(a);
    // The reply reader finds the lead of a message answering one of ours.
    expect(leadOfMessageId(a)).toBe(7);
    expect(leadOfMessageId("<lead-7.zz@mail.fillway.com>")).toBeNull();
    expect(leadOfMessageId("<other-7.0123456789abcdef@mail.fillway.com>")).toBeNull();
  });

  it("References carry the thread, the first and the latest when it grows long", () => {
    expect(referencesAfter({ message_id: "<b@x>", refs: "<a@x>" })).toBe("<a@x> <b@x>");
    expect(referencesAfter({ message_id: "<a@x>", refs: null })).toBe("<a@x>");
    const long = Array.from({ length: 30 }, (_, i) => `<${i}@x>`).join(" ");
    const kept = referencesAfter({ message_id: "<last@x>", refs: long }).split(" ");
    expect(kept).toHaveLength(20);
    expect(kept[0]).toBe("<0@x>");
    expect(kept.at(-1)).toBe("<last@x>");
  });

  it("MAIL_REPLY_TO is a plain address without a +tag, stored in lower case; empty is unset", () => {
    expect(loadEnv({ MAIL_REPLY_TO: "Sales@Fillway.com" }).MAIL_REPLY_TO).toBe("sales@fillway.com");
    expect(loadEnv({ MAIL_REPLY_TO: "" }).MAIL_REPLY_TO).toBeUndefined();
    expect(() => loadEnv({ MAIL_REPLY_TO: "sales+x@fillway.com" })).toThrow(/MAIL_REPLY_TO/);
    expect(() => loadEnv({ MAIL_REPLY_TO: "Sales <sales@fillway.com>" })).toThrow(/MAIL_REPLY_TO/);
  });
});

import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths and refuses everything else", () => {
    expect(safeRedirect("/account/orders?x=1", "/account")).toBe("/account/orders?x=1");
    for (const bad of [null, "", "https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      expect(safeRedirect(bad, "/account")).toBe("/account");
    }
  });
});

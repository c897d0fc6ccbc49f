import { describe, expect, it } from "vitest";
import { descriptionText, parseDescription } from "./description";

describe("product descriptions", () => {
  it("reads paragraphs, headings, lists and emphasis", () => {
    expect(parseDescription("Soft **heavy** cotton.\nCut *boxy*.\n\n## Care\n\n- Cold wash\n• Line dry")).toEqual([
      { type: "p", parts: [{ text: "Soft " }, { text: "heavy", strong: true }, { text: " cotton. Cut " }, { text: "boxy", em: true }, { text: "." }] },
      { type: "h", parts: [{ text: "Care" }] },
      { type: "ul", items: [[{ text: "Cold wash" }], [{ text: "Line dry" }]] },
    ]);
  });

  it("keeps markup-looking text as text", () => {
    expect(parseDescription('<script>alert(1)</script> <img src=x onerror="y">')).toEqual([{ type: "p", parts: [{ text: '<script>alert(1)</script> <img src=x onerror="y">' }] }]);
    expect(descriptionText("The tee.\n\n- Boxy\n- Heavy")).toBe("The tee. Boxy; Heavy");
  });
});

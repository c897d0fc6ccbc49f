import { describe, expect, it } from "vitest";
import type { HeaderItem } from "../../shared/menus";
import { menuBlocks } from "./menu-blocks";

const link = (label: string, badge?: string): HeaderItem => ({ label, href: `/${label.toLowerCase()}`, ...(badge ? { badge } : {}), links: [] });
const collection = (label: string): HeaderItem => ({ label, href: `/category/${label.toLowerCase()}`, links: [{ label: "Tops", href: `/category/${label.toLowerCase()}/tops` }] });
const shape = (header: HeaderItem[]) => menuBlocks(header, [{ label: "Account", href: "/account" }]).map((b) => (b.kind === "group" ? b.group.label : b.links.map((l) => l.label)));

describe("menuBlocks", () => {
  it("keeps the staff's order: a plain link before a collection stays before it", () => {
    expect(shape([link("Sale"), collection("Men"), link("Blog"), link("About"), collection("Women")])).toEqual([["Sale"], "Men", ["Blog", "About"], "Women", ["Account"]]);
  });

  it("closes the last run of links with the tail, badges kept", () => {
    expect(shape([collection("Men"), link("VSOP", "NEW"), link("Blog")])).toEqual(["Men", ["VSOP", "Blog", "Account"]]);
    expect(menuBlocks([link("VSOP", "NEW")])).toEqual([{ kind: "links", links: [{ label: "VSOP", href: "/vsop", badge: "NEW" }] }]);
  });

  it("is the tail alone for an empty header", () => {
    expect(shape([])).toEqual([["Account"]]);
  });
});

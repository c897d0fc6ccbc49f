import { describe, expect, it } from "vitest";
import { describeRuntime, pinnedNodeVersion } from "./runtime";

describe("runtime", () => {
  it("pins an exact Node 24 release in package.json", () => {
    expect(pinnedNodeVersion()).toMatch(/^24\.\d+\.\d+$/);
  });

  it("runs the tests on the pinned Node, not the machine's own", () => {
    expect(process.versions.node).toBe(pinnedNodeVersion());
  });

  it("tells a patch release apart from another major", () => {
    expect(describeRuntime("24.22.1", "24.21.0").pinnedMajor).toBe(true);
    expect(describeRuntime("20.20.2", "24.21.0")).toEqual({ node: "20.20.2", pinned: "24.21.0", pinnedMajor: false });
    expect(describeRuntime("24.21.0", null).pinnedMajor).toBe(false);
  });
});

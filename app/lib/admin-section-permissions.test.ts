import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ADMIN_GROUPS } from "./admin-sections";

const routesDir = join(import.meta.dirname, "../routes");

/** Each staff page's URL (app/routes.ts) and the permission its loader names. */
function pagePermissions(): Map<string, string | undefined> {
  const routes = readFileSync(join(import.meta.dirname, "../routes.ts"), "utf8");
  return new Map(
    [...routes.matchAll(/route\("(admin[^"]*)", "routes\/(admin-[\w-]+\.tsx)"/g)].map((m) => [
      `/${m[1]}`,
      /requirePermission\(context, request, "([\w.]+)"\)/.exec(readFileSync(join(routesDir, m[2]!), "utf8"))?.[1],
    ]),
  );
}

describe("the staff nav's permissions", () => {
  it("gives each section its page's permission, so the nav leaves out exactly what a role can't open", () => {
    const pages = pagePermissions();
    const sections = ADMIN_GROUPS.flatMap((g) => g.sections);
    expect(sections.filter((s) => pages.get(s.to) !== s.permission).map((s) => `${s.to}: ${s.permission} vs ${pages.get(s.to)}`)).toEqual([]);
  });
});

import { type Request, Router } from "express";
import { z } from "zod";
import type { Services } from "../context";
import { dropPassCookie } from "../drops/drop-pass";
import type { Asker } from "../drops/gate/drop-gate";
import { readCookie, setDropPassCookie } from "./cookies";
import { parseInput } from "./validation";

const slug = z.string().max(60, "use at most 60 characters").regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "must be lowercase letters, digits and dashes");
/** POST /api/drops/{slug}/line: the solved challenge (the ALTCHA widget's payload, base64). */
export const joinLineSchema = z.object({ proof: z.string({ error: "is required: solve the browser check first" }).min(1, "is required: solve the browser check first").max(4000, "is too long") }).strict();

export const askerOf = (req: Request): Asker => ({ ip: req.ip ?? "unknown", userId: req.user?.id ?? null });

/**
 * A drop's waiting room (issue 48): its challenge, joining the line, and the place the pass cookie holds. Per-visitor
 * answers, never stored by a cache. The drop's public page data is GET /api/drops/{slug} (drops-router.ts).
 */
export function dropLineRouter(services: Services): Router {
  const router = Router();
  const gate = () => services.drops.gate;
  /** The pass cookie of the drop named by the slug; the gate checks it is that drop's. */
  const passToken = async (req: Request, name: string) => {
    const drop = await services.drops.index.bySlug(name);
    return drop ? readCookie(req, dropPassCookie(drop.id)) : null;
  };

  router.use((_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });

  router.get("/:slug/challenge", async (req, res) => {
    res.json(await gate().challenge({ slug: parseInput(slug, req.params.slug, "Invalid drop") }));
  });

  router.post("/:slug/line", async (req, res) => {
    const name = parseInput(slug, req.params.slug, "Invalid drop");
    const { proof } = parseInput(joinLineSchema, req.body, "Invalid request");
    const joined = await gate().joinLine({ slug: name, proof, passToken: await passToken(req, name), asker: askerOf(req) });
    const drop = (await services.drops.index.bySlug(name))!;
    setDropPassCookie(req, res, dropPassCookie(drop.id), joined.token, joined.maxAgeMs);
    res.json(joined.place);
  });

  router.get("/:slug/line", async (req, res) => {
    const name = parseInput(slug, req.params.slug, "Invalid drop");
    res.json(await gate().readLine({ slug: name, passToken: await passToken(req, name) }));
  });

  return router;
}

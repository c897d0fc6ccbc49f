import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { AppError } from "../../errors";
import type { IndexedDrop } from "../drop-index";
import type { DropPass } from "../drop-pass";

/** What the waiting room shows: the place (0 once let in), the wait, and the window to check out in. */
export interface LinePlace {
  place: number;
  waitSeconds: number;
  admitAt: string;
  admitted: boolean;
  expiresAt: string;
}

export const LOST_PLACE = "Your place in line could not be read. Join the line again.";

/**
 * Takes the next admission slot of the drop's line and writes the pass for it, in one transaction (issue 48). The
 * drop's row is the line's counter, in PostgreSQL so every process agrees: one UPDATE takes the slot
 * (greatest(now, next free slot)) and moves the next free slot on by 60 s / admitPerMinute, so the row lock orders the
 * joiners and the pass's seq follows that order. While arrivals are under the rate the slot is now (straight in);
 * above it admissions are spaced exactly, so each minute lets in the set rate, ±1.
 */
export async function joinLine({ db, drop, now }: { db: Database; drop: IndexedDrop; now: Date }): Promise<DropPass> {
  if (drop.admitPerMinute === null) return passAtOnce({ db, drop, now });
  return db.transaction(async (tx) => {
    const [slot] = rowsOf<{ admitAt: string | Date; minutes: number }>(
      await tx.execute(sql`
        update drops set line_next_slot_at = greatest(${now}::timestamptz, coalesce(line_next_slot_at, ${now}::timestamptz)) + (60000.0 / admit_per_minute) * interval '1 millisecond'
        where id = ${drop.id} and admit_per_minute is not null and archived_at is null
        returning line_next_slot_at - (60000.0 / admit_per_minute) * interval '1 millisecond' as "admitAt", checkout_minutes as minutes`),
    );
    // Staff took the waiting room away (or archived the drop) after this process last read it.
    if (!slot) throw new AppError("conflict", `${drop.name} has no line now. Reload its page.`);
    const admitAt = new Date(slot.admitAt);
    const expiresAt = new Date(admitAt.getTime() + slot.minutes * 60_000);
    const [pass] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into drop_passes (drop_id, kind, joined_at, admit_at, expires_at) values (${drop.id}, 'line', ${now}, ${admitAt}, ${expiresAt}) returning id`),
    );
    return { kind: "line", dropId: drop.id, passId: pass!.id, admitAt, expiresAt };
  });
}

/** A drop without a line, in its opening hour: the browser check lets its solver in at once, for checkoutMinutes. */
async function passAtOnce({ db, drop, now }: { db: Database; drop: IndexedDrop; now: Date }): Promise<DropPass> {
  const expiresAt = new Date(now.getTime() + drop.checkoutMinutes * 60_000);
  const [pass] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into drop_passes (drop_id, kind, joined_at, admit_at, expires_at) values (${drop.id}, 'line', ${now}, ${now}, ${expiresAt}) returning id`),
  );
  return { kind: "line", dropId: drop.id, passId: pass!.id, admitAt: now, expiresAt };
}

/**
 * Where a pass's holder stands at `now`: the line passes of the drop that joined before it and are not yet let in,
 * plus one; 0 once it is let in. A pass whose row is gone (the drop was deleted) is a 404 like a forged one.
 */
export async function placeInLine({ db, pass, now }: { db: Database; pass: DropPass; now: Date }): Promise<LinePlace> {
  const [row] = rowsOf<{ ahead: number | string }>(
    await db.execute(sql`
      select (select count(*) from drop_passes q where q.drop_id = p.drop_id and q.kind = 'line' and q.seq < p.seq and q.admit_at > ${now}) as ahead
      from drop_passes p where p.id = ${pass.passId} and p.drop_id = ${pass.dropId}`),
  );
  if (!row) throw new AppError("not_found", LOST_PLACE);
  if (pass.admitAt <= now) return admittedPlace(pass);
  return {
    place: Number(row.ahead) + 1,
    waitSeconds: Math.ceil((pass.admitAt.getTime() - now.getTime()) / 1000),
    admitAt: pass.admitAt.toISOString(),
    admitted: false,
    expiresAt: pass.expiresAt.toISOString(),
  };
}

/** The place of a pass already let in: no one ahead, no wait. */
export function admittedPlace(pass: DropPass): LinePlace {
  return { place: 0, waitSeconds: 0, admitAt: pass.admitAt.toISOString(), admitted: true, expiresAt: pass.expiresAt.toISOString() };
}

import type { Request } from "express";
import type { Services } from "../context";
import type { StaffActor } from "../staff/staff-roles";
import { invitationFieldsSchema, roleChangeSchema, roleFieldsSchema, staffAddSchema, staffChangeSchema } from "../staff/staff-schemas";
import { emptyBodySchema } from "../catalog/admin-schemas";
import { staffRouter } from "./staff-guard";
import { numericId, parseInput } from "./validation";
import { z } from "zod";

const userId = z.uuid("must be a staff member's id");

/** Roles, staff and invitations (issue 29), mounted under /api/admin: each call needs staff.manage, and every change is audited. */
export function staffAdminRouter(services: Services) {
  const router = staffRouter();
  // The guard ran: the user is staff.
  const actor = (req: Request): StaffActor => ({ username: req.user!.username, staff: req.user!.staff! });
  const roleId = (req: Request) => parseInput(numericId, req.params.id, "Invalid role id");
  const memberId = (req: Request) => parseInput(userId, req.params.id, "Invalid staff member id");

  router.get("/roles", "staff.manage", async (_req, res) => {
    res.json({ roles: await services.staff.listRoles() });
  });
  router.post("/roles", "staff.manage", async (req, res) => {
    const input = parseInput(roleFieldsSchema, req.body, "Invalid role");
    res.status(201).json(await services.staff.createRole({ input, actor: actor(req) }));
  });
  router.patch("/roles/:id", "staff.manage", async (req, res) => {
    const id = roleId(req);
    res.json(await services.staff.updateRole({ id, change: parseInput(roleChangeSchema, req.body, "Invalid role"), actor: actor(req) }));
  });
  router.delete("/roles/:id", "staff.manage", async (req, res) => {
    await services.staff.deleteRole({ id: roleId(req), actor: actor(req) });
    res.status(204).end();
  });
  router.get("/staff", "staff.manage", async (_req, res) => {
    res.json({ staff: await services.staff.listStaff() });
  });
  router.post("/staff", "staff.manage", async (req, res) => {
    const { username, roleId: role } = parseInput(staffAddSchema, req.body, "Invalid staff member");
    res.status(201).json(await services.staff.addStaff({ username, roleId: role, actor: actor(req) }));
  });
  router.patch("/staff/:id", "staff.manage", async (req, res) => {
    const id = parseInput(userId, req.params.id, "Invalid staff member id");
    const { roleId: newRole } = parseInput(staffChangeSchema, req.body, "Invalid change");
    res.json(await services.staff.setStaffRole({ userId: id, roleId: newRole, actor: actor(req) }));
  });
  router.post("/staff/:id/suspend", "staff.manage", async (req, res) => {
    parseInput(emptyBodySchema, req.body ?? {}, "Invalid request");
    res.json(await services.staff.suspendStaff({ userId: memberId(req), actor: actor(req) }));
  });
  router.post("/staff/:id/restore", "staff.manage", async (req, res) => {
    parseInput(emptyBodySchema, req.body ?? {}, "Invalid request");
    res.json(await services.staff.restoreStaff({ userId: memberId(req), actor: actor(req) }));
  });
  router.delete("/staff/:id", "staff.manage", async (req, res) => {
    await services.staff.removeStaff({ userId: memberId(req), actor: actor(req) });
    res.status(204).end();
  });
  router.get("/staff/invitations", "staff.manage", async (_req, res) => {
    res.json({ invitations: await services.staff.listInvitations() });
  });
  router.post("/staff/invitations", "staff.manage", async (req, res) => {
    const input = parseInput(invitationFieldsSchema, req.body, "Invalid invitation");
    res.status(201).json(await services.staff.inviteStaff({ input, actor: actor(req) }));
  });
  router.delete("/staff/invitations/:id", "staff.manage", async (req, res) => {
    await services.staff.revokeInvitation({ id: parseInput(numericId, req.params.id, "Invalid invitation id"), actor: actor(req) });
    res.status(204).end();
  });
  return router.router;
}

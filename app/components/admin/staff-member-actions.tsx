import { Ban, RotateCcw, UserMinus } from "lucide-react";
import { ConfirmDialog } from "./confirm-dialog";
import { smallButtonClass, useStaffCall } from "./staff-form-kit";
import type { StaffMemberJson } from "../../../server/staff/staff-roles";

/**
 * Suspend (or restore) and remove one staff member, each after a confirm dialog. The server refuses what the signed-in
 * member may not do (the last active Owner, someone with more permissions): the refusal shows as a toast.
 */
export function MemberActions({ member }: { member: StaffMemberJson }) {
  const { call, busy } = useStaffCall();
  const who = `${member.name} (${member.username})`;
  const base = `/api/admin/staff/${member.id}`;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {member.suspendedAt ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void call("POST", `${base}/restore`, {}, `${member.name} can sign in again`, { toastError: true })}
          className={smallButtonClass}
        >
          <RotateCcw aria-hidden="true" className="size-4" />
          Restore<span className="sr-only"> {who}</span>
        </button>
      ) : (
        <ConfirmDialog
          trigger={
            <button type="button" disabled={busy} className={smallButtonClass}>
              <Ban aria-hidden="true" className="size-4" />
              Suspend<span className="sr-only"> {who}</span>
            </button>
          }
          title={`Suspend ${member.name}?`}
          description={
            <p>
              {member.name} is signed out everywhere at once and can't sign in until you restore them. Their role and
              history stay.
            </p>
          }
          confirmLabel="Suspend"
          onConfirm={() => void call("POST", `${base}/suspend`, {}, `${member.name} is suspended`, { toastError: true })}
        />
      )}
      <ConfirmDialog
        trigger={
          <button type="button" disabled={busy} className={smallButtonClass}>
            <UserMinus aria-hidden="true" className="size-4" />
            Remove from staff<span className="sr-only"> {who}</span>
          </button>
        }
        title={`Remove ${member.name} from staff?`}
        description={
          <>
            <p>
              Their account becomes a shopper's: no role, no staff pages, every session ended, and their sign-in app
              and recovery codes forgotten.
            </p>
            <p className="mt-2">Everything they did stays in the audit log. To bring them back, add or invite them again.</p>
          </>
        }
        confirmLabel="Remove"
        danger
        onConfirm={() => void call("DELETE", base, undefined, `${member.name} is no longer staff`, { toastError: true })}
      />
    </div>
  );
}

import { Copy, Download } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "~/components/layout/status-screen";
import { smallButtonClass } from "~/components/admin/staff-form-kit";
import { toast } from "~/lib/toast";

/**
 * Ten new recovery codes, shown this once (the server keeps only their hashes): copy them or save them as a text file,
 * then say so before going on.
 */
export function RecoveryCodes({ codes, onContinue, continueLabel = "Continue" }: { codes: string[]; onContinue: () => void; continueLabel?: string }) {
  const id = useId();
  const [saved, setSaved] = useState(false);
  const text = `${codes.join("\n")}\n`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Recovery codes copied");
    } catch {
      toast.error("Couldn't copy", { description: "Select the codes and copy them, or download them instead." });
    }
  }

  function download() {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-lg font-bold">
        Save your recovery codes
      </h2>
      <p className="text-sm text-ink-muted">
        If you lose your phone or passkey, each of these codes signs you in once. Keep them somewhere safe, such as a password manager. They won't be shown again.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-2xl bg-surface-muted p-4 font-mono text-sm tabular-nums">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={copy} className={smallButtonClass}>
          <Copy aria-hidden="true" className="size-4" /> Copy
        </button>
        <button type="button" onClick={download} className={smallButtonClass}>
          <Download aria-hidden="true" className="size-4" /> Download .txt
        </button>
      </div>
      <label className="flex items-center gap-3 text-sm font-medium">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} className="size-5 accent-current" />I saved these codes
      </label>
      <button type="button" onClick={onContinue} disabled={!saved} className={`${buttonClass} h-12 w-full disabled:opacity-60`}>
        {continueLabel}
      </button>
    </section>
  );
}

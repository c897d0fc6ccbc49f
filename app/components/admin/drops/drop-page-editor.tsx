import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DROP_BLOCK_TYPES, type DropBlockType } from "../../../../shared/drop-page";
import { DropBlockFields, startingDropSettings } from "~/components/admin/drops/drop-block-fields";
import { SelectInput, smallButtonClass } from "~/components/admin/staff-form-kit";

export interface BlockDraft {
  key: string;
  type: DropBlockType;
  settings: Record<string, unknown>;
}

export const BLOCK_LABELS: Record<DropBlockType, string> = {
  drop_hero: "Hero with countdown",
  drop_products: "The drop's products",
  rich_text: "Rich text",
  faq: "Questions and answers",
};

/** Saved blocks are keyed by their place (the same on the server's render and the browser's); added ones by a counter. */
let added = 0;
const newBlockKey = () => `n${++added}`;
const moveClass = `${smallButtonClass} aria-disabled:cursor-not-allowed aria-disabled:opacity-40`;

/**
 * The drop page's blocks, edited like the home page's sections: reorder, edit in place, add, remove. They are saved
 * with the rest of the drop. `error(path)` is the server's error for `page.{path}`.
 */
export function DropPageEditor({
  blocks,
  onChange,
  error,
  refused,
}: {
  blocks: BlockDraft[];
  onChange: (blocks: BlockDraft[]) => void;
  error: (path: string) => string | undefined;
  /** The first block the server refused (-1: none): it opens, so its error shows. */
  refused: number;
}) {
  const [open, setOpen] = useState<string | null>(null);
  const [adding, setAdding] = useState<DropBlockType>("rich_text");
  const [said, setSaid] = useState("");
  const refocus = useRef<string | null>(null);
  useEffect(() => {
    if (refocus.current) document.getElementById(refocus.current)?.focus();
    refocus.current = null;
  }, [blocks]);
  const refusedKey = refused >= 0 ? blocks[refused]?.key : undefined;
  // A block the server refused opens, once each time another is refused (state adjusted while rendering, not in an effect).
  const [shownRefusal, setShownRefusal] = useState(refusedKey);
  if (refusedKey !== shownRefusal) {
    setShownRefusal(refusedKey);
    if (refusedKey) setOpen(refusedKey);
  }

  const move = (i: number, by: -1 | 1) => {
    const next = [...blocks];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    refocus.current = `block-${next[i + by]!.key}-${by < 0 ? "up" : "down"}`;
    onChange(next);
    setSaid(`${BLOCK_LABELS[next[i + by]!.type]} moved to position ${i + by + 1} of ${next.length}.`);
  };
  const add = () => {
    const block = { key: newBlockKey(), type: adding, settings: startingDropSettings(adding) };
    onChange([...blocks, block]);
    setOpen(block.key);
    setSaid(`${BLOCK_LABELS[adding]} added at the end, its settings open.`);
  };

  return (
    <fieldset className="space-y-3">
      <legend className="font-display text-xl font-bold">Landing page</legend>
      <p className="text-sm text-ink-muted">Top to bottom, as shoppers see /drops/&#123;slug&#125;. Saved with the drop.</p>
      {error("") && <p className="text-sm font-medium text-red-700 dark:text-red-400">{error("")}</p>}
      {blocks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line p-4 text-center text-sm text-ink-muted">No blocks: the page shows only the header and footer.</p>
      ) : (
        <ol className="space-y-3">
          {blocks.map((block, i) => {
            const what = `${BLOCK_LABELS[block.type]}, block ${i + 1}`;
            const panel = `block-${block.key}-settings`;
            const isOpen = open === block.key;
            const blockError = (field: string) => error(`${i}.settings${field ? `.${field}` : ""}`) ?? (field === "" ? error(`${i}.type`) : undefined);
            return (
              <li key={block.key} aria-label={what} className="rounded-2xl border border-line bg-surface p-4">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                  <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-surface-muted text-sm font-bold tabular-nums">
                    {i + 1}
                  </span>
                  <p className="min-w-0 flex-1 basis-48 font-semibold">{BLOCK_LABELS[block.type]}</p>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" id={`block-${block.key}-up`} onClick={() => i > 0 && move(i, -1)} aria-disabled={i === 0 || undefined} className={moveClass}>
                      <ArrowUp aria-hidden="true" className="size-4" />
                      <span className="sr-only">Move {what} up</span>
                    </button>
                    <button type="button" id={`block-${block.key}-down`} onClick={() => i < blocks.length - 1 && move(i, 1)} aria-disabled={i === blocks.length - 1 || undefined} className={moveClass}>
                      <ArrowDown aria-hidden="true" className="size-4" />
                      <span className="sr-only">Move {what} down</span>
                    </button>
                    <button type="button" onClick={() => setOpen(isOpen ? null : block.key)} aria-expanded={isOpen} aria-controls={panel} className={smallButtonClass}>
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit<span className="sr-only"> {what}</span>
                    </button>
                    <button
                      type="button"
                      onClick={() => {
                        onChange(blocks.filter((b) => b.key !== block.key));
                        setSaid(`${BLOCK_LABELS[block.type]} removed.`);
                      }}
                      className={smallButtonClass}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      <span className="max-sm:sr-only">Remove</span>
                      <span className="sr-only"> {what}</span>
                    </button>
                  </div>
                </div>
                {blockError("") && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">{blockError("")}</p>}
                <div id={panel} hidden={!isOpen} className="mt-4 grid gap-4 border-t border-line pt-4 sm:grid-cols-2">
                  {isOpen && <DropBlockFields id={`block-${block.key}`} type={block.type} settings={block.settings} onChange={(settings) => onChange(blocks.map((b) => (b.key === block.key ? { ...b, settings } : b)))} error={blockError} />}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-dashed border-line p-4">
        <SelectInput id="drop-add-block" label="Add a block" value={adding} options={DROP_BLOCK_TYPES.map((t) => [t, BLOCK_LABELS[t]] as const)} onChange={(e) => setAdding(e.target.value as DropBlockType)} className="min-w-0 flex-1" />
        <button type="button" onClick={add} className="inline-flex h-10 items-center gap-1.5 rounded-xl border border-ink px-4 text-sm font-semibold hover:bg-ink hover:text-surface">
          <Plus aria-hidden="true" className="size-4" /> Add
        </button>
      </div>
      <p role="status" className="sr-only">
        {said}
      </p>
    </fieldset>
  );
}

import { cn } from "~/lib/cn";

const chip = "rounded-full border px-3 py-1.5 text-sm font-medium capitalize transition";
const on = "border-ink bg-ink text-surface";
const off = "border-line hover:border-ink";

/** One choice from a few (a radio group drawn as chips); choosing the current one again clears it. */
export function SingleChoice<T extends string>({ label, options, value, onChange }: { label: string; options: readonly T[]; value: T | undefined; onChange: (v: T | undefined) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{label}</legend>
      <div role="radiogroup" aria-label={label} className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => (
          <button key={option} type="button" role="radio" aria-checked={value === option} onClick={() => onChange(value === option ? undefined : option)} className={cn(chip, value === option ? on : off)}>
            {option.replaceAll("-", " ")}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** Any number of choices, each a toggle button. */
export function MultiChoice<T extends string>({ label, options, values, onChange }: { label: string; options: readonly T[]; values: T[]; onChange: (v: T[]) => void }) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold">{label}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {options.map((option) => {
          const pressed = values.includes(option);
          return (
            <button key={option} type="button" aria-pressed={pressed} onClick={() => onChange(pressed ? values.filter((v) => v !== option) : [...values, option])} className={cn(chip, "normal-case", pressed ? on : off)}>
              {option}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

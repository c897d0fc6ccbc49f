import { type FormEvent, useRef, useState } from "react";
import { Plus, X } from "lucide-react";
import { buttonClass, secondaryButtonClass } from "~/components/layout/status-screen";
import { COUNTRIES, SUBDIVISIONS, subdivisionName, type CountryCode } from "../../../shared/regions";
import { type Errors, FormError, noErrors, SelectInput, sentence, smallButtonClass, TextInput, useFocusFirstError, useStaffCall } from "./staff-form-kit";

export interface RegionRow {
  country: string;
  subdivision: string | null;
  postalPrefix: string | null;
}

export interface ZoneRow {
  id: number;
  name: string;
  regions: RegionRow[];
}

const countryName = (code: string) => COUNTRIES[code as CountryCode] ?? code;

/** "California", "94… in California", "SW1A… in United Kingdom", "United States". */
export function regionLabel(r: RegionRow): string {
  const place = r.subdivision ? subdivisionName(r.subdivision) : countryName(r.country);
  return r.postalPrefix ? `${r.postalPrefix}… in ${place}` : place;
}

/** A zone's regions as chips; a zone without any covers everywhere. */
export function RegionChips({ regions }: { regions: RegionRow[] }) {
  const chip = "rounded-full bg-surface-muted px-3 py-1 text-xs font-medium";
  return (
    <ul aria-label="Regions" className="flex flex-wrap gap-2">
      {regions.length === 0 ? (
        <li className={chip}>Everywhere</li>
      ) : (
        regions.map((r) => (
          <li key={`${r.country}-${r.subdivision}-${r.postalPrefix}`} className={chip}>
            {regionLabel(r)}
          </li>
        ))
      )}
    </ul>
  );
}

/** A region row as edited; its key (and the ids of its fields) stays while rows around it come and go. */
type Draft = { key: number; country: string; subdivision: string; postalPrefix: string };
const draft = (key: number, r?: RegionRow): Draft => ({ key, country: r?.country ?? "US", subdivision: r?.subdivision ?? "", postalPrefix: r?.postalPrefix ?? "" });
const COUNTRY_OPTIONS = Object.entries(COUNTRIES) as [string, string][];
const stateOptions = (country: string): [string, string][] => [["", "Whole country"], ...Object.entries(SUBDIVISIONS[country as CountryCode] ?? {}).sort((a, b) => a[1].localeCompare(b[1]))];

/**
 * A zone's name and the regions it covers, saved together (POST, or PATCH when editing): each region is a country,
 * optionally one of its states or provinces, optionally postal codes starting with a prefix.
 */
export function ZoneForm({ kind, zone, onSaved }: { kind: "tax" | "shipping"; zone?: ZoneRow; onSaved?: () => void }) {
  const { call, busy } = useStaffCall();
  const form = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(zone?.name ?? "");
  const [regions, setRegions] = useState<Draft[]>(() => (zone ? zone.regions.map((r, i) => draft(i, r)) : [draft(0)]));
  const [errors, setErrors] = useState<Errors>(noErrors);
  useFocusFirstError(form, errors);
  const id = zone ? `${kind}-zone-${zone.id}` : `new-${kind}-zone`;

  const change = (key: number, patch: Partial<Draft>) => setRegions((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch, ...(patch.country ? { subdivision: "" } : {}) } : r)));
  function add() {
    const row = draft(Math.max(-1, ...regions.map((r) => r.key)) + 1);
    setRegions((rows) => [...rows, row]);
    requestAnimationFrame(() => document.getElementById(`${id}-region-${row.key}-country`)?.focus());
  }
  async function submit(event: FormEvent) {
    event.preventDefault();
    const body = { name: name.trim(), regions: regions.map((r) => ({ country: r.country, subdivision: r.subdivision || null, postalPrefix: r.postalPrefix.trim() || null })) };
    const failed = await call(zone ? "PATCH" : "POST", zone ? `/api/admin/${kind}/zones/${zone.id}` : `/api/admin/${kind}/zones`, body, zone ? `Zone ${body.name} saved` : `Zone ${body.name} added`);
    setErrors(failed ?? noErrors);
    if (failed) return;
    if (!zone) {
      setName("");
      setRegions([draft(0)]);
    }
    onSaved?.();
  }

  return (
    <form ref={form} onSubmit={submit} aria-label={zone ? `Edit zone ${zone.name}` : `New ${kind} zone`} noValidate>
      <TextInput id={`${id}-name`} label="Zone name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={60} error={errors.fields.name} className="max-w-sm" />
      <fieldset className="mt-4">
        <legend className="text-sm font-medium">Regions</legend>
        <p id={`${id}-regions-hint`} className="text-xs text-ink-muted">
          No regions: the zone covers everywhere. For an address the most specific region wins: a postcode prefix over a state, a state over a country.
        </p>
        <ol className="mt-3 space-y-3">
          {regions.map((r, i) => {
            const at = (field: string) => errors.fields[`regions.${i}.${field}`];
            const rowId = `${id}-region-${r.key}`;
            return (
              <li key={r.key} className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[1fr_1.3fr_1fr_auto] sm:items-start sm:border-0 sm:p-0">
                <SelectInput id={`${rowId}-country`} label={`Region ${i + 1}: country`} value={r.country} onChange={(e) => change(r.key, { country: e.target.value })} options={COUNTRY_OPTIONS} error={at("country")} />
                <SelectInput id={`${rowId}-state`} label="State or province" value={r.subdivision} onChange={(e) => change(r.key, { subdivision: e.target.value })} options={stateOptions(r.country)} error={at("subdivision")} />
                <TextInput id={`${rowId}-prefix`} label="Postcode starts with" placeholder="Any" value={r.postalPrefix} onChange={(e) => change(r.key, { postalPrefix: e.target.value })} maxLength={12} autoCapitalize="characters" error={at("postalPrefix")} />
                <button type="button" onClick={() => setRegions((rows) => rows.filter((x) => x.key !== r.key))} aria-label={`Remove region ${i + 1}`} className={`${smallButtonClass} h-10 self-end sm:mt-6 sm:self-start`}>
                  <X aria-hidden="true" className="size-4" />
                  <span className="sm:sr-only">Remove</span>
                </button>
                {errors.fields[`regions.${i}`] && <p className="text-sm font-medium text-red-700 sm:col-span-4 dark:text-red-400">{sentence(errors.fields[`regions.${i}`]!)}</p>}
              </li>
            );
          })}
        </ol>
        {errors.fields.regions && <p className="mt-2 text-sm font-medium text-red-700 dark:text-red-400">{sentence(errors.fields.regions)}</p>}
        <button type="button" onClick={add} className={`${smallButtonClass} mt-3`}>
          <Plus aria-hidden="true" className="size-4" />
          Add a region
        </button>
      </fieldset>
      <FormError id={`${id}-error`} message={errors.form} />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className={`${zone ? secondaryButtonClass : buttonClass} h-10 disabled:opacity-60`}>
          {zone ? "Save zone" : "Add zone"}
        </button>
      </div>
    </form>
  );
}

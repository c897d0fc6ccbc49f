import { type FormEvent, type InputHTMLAttributes, type ReactNode, useState } from "react";
import { useRevalidator } from "react-router";
import { LabelledSelect } from "~/components/admin/labelled-select";
import { buttonClass } from "~/components/layout/status-screen";
import { ApiError, apiRequest } from "~/lib/api";
import { cn } from "~/lib/cn";
import { toast } from "~/lib/toast";
import { COUNTRIES } from "../../../shared/regions";
import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS } from "../../../shared/store-settings";
import { DEFAULT_TIME_ZONE, timeZoneOfAddress } from "../../../shared/time-zones";
import type { StoreSettings } from "../../../server/settings/settings-service";

export const SETTINGS_FORM_ID = "settings-form";
type Errors = Record<string, string>;

/** A labelled text input whose server error is shown under it and announced with it (aria-describedby). */
function Input({ name, label, hint, error, ...input }: { name: string; label: string; hint?: string; error?: string } & InputHTMLAttributes<HTMLInputElement>) {
  const id = `settings-${name.replace(".", "-")}`;
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
        {!input.required && <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
        className={cn("mt-1 h-10 w-full rounded-xl border bg-surface px-3 text-sm", error ? "border-red-600" : "border-line")}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

/** One titled part of the form. */
export function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl border border-line p-5">
      <legend className="px-1 font-display text-lg font-bold">{title}</legend>
      <p className="mb-4 text-sm text-ink-muted">{description}</p>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** What the form sends: every editable field (PUT replaces them all); empty optional fields are sent empty. */
function bodyOf(form: FormData) {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  return {
    storeName: text("storeName"),
    legalName: text("legalName"),
    addressLine1: text("addressLine1"),
    addressLine2: text("addressLine2"),
    city: text("city"),
    region: text("region"),
    postalCode: text("postalCode"),
    country: text("country"),
    supportEmail: text("supportEmail"),
    phone: text("phone"),
    senderName: text("senderName"),
    senderEmail: text("senderEmail"),
    socialLinks: Object.fromEntries(SOCIAL_NETWORK_NAMES.map((n) => [n, text(`socialLinks.${n}`)])),
    timeZone: text("timeZone"),
    returnsStoreCredit: form.get("returnsStoreCredit") === "on",
  };
}

/** The store's details, address, contact, sender and social links; the server's error for a field shows under it. */
export function SettingsForm({ settings, logo, timeZones }: { settings: StoreSettings; logo: ReactNode; timeZones: string[] }) {
  const revalidator = useRevalidator();
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      await apiRequest("PUT", "/api/admin/settings", bodyOf(new FormData(form)));
      setErrors({});
      toast.success("Settings saved", { description: "The store's pages and the next emails use them now." });
      await revalidator.revalidate();
    } catch (error) {
      const fields = error instanceof ApiError ? ((error.body as { errors?: { field: string; message: string }[] } | undefined)?.errors ?? []) : [];
      setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
      toast.error("Couldn't save the settings", { description: error instanceof ApiError ? error.detail : undefined });
      const first = fields[0] && form.elements.namedItem(fields[0].field);
      if (first instanceof HTMLElement) first.focus();
    } finally {
      setBusy(false);
    }
  }

  const field = (name: keyof StoreSettings, label: string, props: InputHTMLAttributes<HTMLInputElement> & { hint?: string } = {}) => (
    <Input name={name} label={label} defaultValue={String(settings[name] ?? "")} error={errors[name]} required {...props} />
  );

  return (
    <form id={SETTINGS_FORM_ID} onSubmit={save} noValidate className="space-y-6">
      <Section title="Store details" description="The name shoppers see in page titles, the header and emails; the legal name goes on invoices and the copyright line.">
        {field("storeName", "Store name", { maxLength: 80 })}
        {field("legalName", "Legal name", { maxLength: 120, hint: "The registered business name, e.g. “Kent Street Goods LLC”." })}
      </Section>
      <Section title="Legal address" description="Printed in the footer, on every email (the law asks for a postal address in marketing mail) and in the store's structured data.">
        {field("addressLine1", "Address", { autoComplete: "address-line1", maxLength: 200 })}
        {field("addressLine2", "Address line 2", { autoComplete: "address-line2", required: false, maxLength: 200 })}
        {field("city", "City", { autoComplete: "address-level2", maxLength: 100 })}
        {field("region", "State / region", { autoComplete: "address-level1", maxLength: 100, hint: "A state or province code (NY, ON) or a nation (England)." })}
        {field("postalCode", "Postal code", { autoComplete: "postal-code", maxLength: 12 })}
        <div>
          <LabelledSelect id="settings-country" name="country" label="Country" defaultValue={settings.country} options={Object.entries(COUNTRIES)} aria-invalid={errors.country ? true : undefined} aria-describedby={errors.country ? "settings-country-error" : undefined} />
          {errors.country && (
            <p id="settings-country-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {errors.country}
            </p>
          )}
        </div>
      </Section>
      <Section title="Contact" description="Where shoppers reach you: shown in the footer and in the store's structured data.">
        {field("supportEmail", "Support email", { type: "email", autoComplete: "email" })}
        {field("phone", "Phone", { type: "tel", autoComplete: "tel", required: false, hint: "With the country code, e.g. +1 718 555 0100." })}
      </Section>
      <Section title="Email sender" description="Who the store's emails come from. Use an address on a domain your mail provider has verified (SPF and DKIM), or mail may land in spam.">
        {field("senderName", "Sender name", { maxLength: 80 })}
        {field("senderEmail", "Sender email", { type: "email" })}
      </Section>
      <Section title="Reports" description="Reports count days midnight to midnight in this time zone, so “yesterday's sales” mean the same as on your shop floor. A change re-dates every report but the funnel, whose days already counted keep the zone they were counted in.">
        <div>
          <LabelledSelect
            id="settings-timeZone"
            name="timeZone"
            label="Time zone"
            defaultValue={settings.timeZone ?? ""}
            empty={`The legal address's (${timeZoneOfAddress(settings.country, settings.region) ?? DEFAULT_TIME_ZONE})`}
            options={timeZones.map((z) => [z, z.replaceAll("_", " ")] as const)}
            aria-invalid={errors.timeZone ? true : undefined}
            aria-describedby={errors.timeZone ? "settings-timeZone-error" : undefined}
          />
          {errors.timeZone && (
            <p id="settings-timeZone-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
              {errors.timeZone}
            </p>
          )}
        </div>
      </Section>
      <Section title="Returns" description="Staff can always approve a return as store credit. With this on, shoppers can ask for it on the return form too.">
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="returnsStoreCredit" defaultChecked={settings.returnsStoreCredit} className="size-4" />
          Offer store credit instead of a refund on the return form
        </label>
      </Section>
      {logo}
      <Section title="Social links" description="Profiles shown as icons in the footer and on the home page; leave a network empty to hide it.">
        {SOCIAL_NETWORK_NAMES.map((network) => (
          <Input
            key={network}
            name={`socialLinks.${network}`}
            label={SOCIAL_NETWORKS[network].label}
            type="url"
            inputMode="url"
            placeholder={`https://www.${SOCIAL_NETWORKS[network].hosts[0]}/…`}
            defaultValue={settings.socialLinks[network] ?? ""}
            error={errors[`socialLinks.${network}`]}
          />
        ))}
      </Section>
      <button type="submit" disabled={busy} className={`${buttonClass} disabled:opacity-60`}>
        {busy ? "Saving..." : "Save settings"}
      </button>
    </form>
  );
}

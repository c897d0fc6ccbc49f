import { TextField } from "~/components/checkout/text-field";

export interface GiftCardChoice {
  recipientEmail: string;
  message: string;
  sendOn: string;
}

export const MESSAGE_MAX = 300;

/** The add-to-cart payload's giftCard part: empty fields left out (the buyer gets it, at once, with no note). */
export function giftCardPayload(choice: GiftCardChoice) {
  return {
    ...(choice.recipientEmail.trim() ? { recipientEmail: choice.recipientEmail.trim() } : {}),
    ...(choice.message.trim() ? { message: choice.message.trim() } : {}),
    ...(choice.sendOn ? { sendOn: choice.sendOn } : {}),
  };
}

/**
 * Who a gift card is for, a note and the day it is emailed (issue 51). Rendered by the server into the cached product
 * page (decision 0041), so its ids are fixed; the earliest day is checked by the server, in the store's time zone.
 */
export function GiftCardFields({ value, onChange, error }: { value: GiftCardChoice; onChange: (next: GiftCardChoice) => void; error?: string }) {
  const set = (key: keyof GiftCardChoice) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  return (
    <fieldset className="space-y-4 rounded-2xl border border-line p-4">
      <legend className="px-1 text-sm font-semibold">Who is it for?</legend>
      <TextField id="gift-recipient" label="Recipient's email" type="email" autoComplete="off" value={value.recipientEmail} onChange={set("recipientEmail")} error={error} aria-describedby="gift-recipient-hint" />
      <p id="gift-recipient-hint" className="-mt-2 text-sm text-ink-muted">
        Leave it empty to get the card yourself.
      </p>
      <div>
        <label htmlFor="gift-message" className="block text-sm font-medium">
          Message <span className="font-normal text-ink-muted">(optional)</span>
        </label>
        <textarea
          id="gift-message"
          rows={3}
          maxLength={MESSAGE_MAX}
          value={value.message}
          onChange={set("message")}
          className="mt-1.5 w-full rounded-xl border border-line bg-surface px-3.5 py-2.5 text-base text-ink focus:border-ink focus:outline-none focus-visible:outline-2"
        />
      </div>
      <TextField id="gift-send-on" label="Send on" type="date" value={value.sendOn} onChange={set("sendOn")} aria-describedby="gift-send-hint" />
      <p id="gift-send-hint" className="-mt-2 text-sm text-ink-muted">
        Leave it empty to send it as soon as it's paid. Emailed at 9 am on that day.
      </p>
    </fieldset>
  );
}

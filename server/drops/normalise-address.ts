/** A shipping address as orders store it (and checkout details carry it). */
export interface AddressParts {
  line1: string;
  line2?: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
}

/**
 * Words written several ways, by their one form. "#" is read as "apt" before punctuation goes, so "#4", "Apt. 4",
 * "Apartment 4" and "Unit 4" are one flat.
 */
const WORDS: Record<string, string> = {
  street: "st",
  str: "st",
  avenue: "ave",
  av: "ave",
  road: "rd",
  boulevard: "blvd",
  drive: "dr",
  lane: "ln",
  court: "ct",
  place: "pl",
  square: "sq",
  terrace: "ter",
  highway: "hwy",
  parkway: "pkwy",
  suite: "ste",
  apartment: "apt",
  unit: "apt",
  flat: "apt",
  number: "no",
  north: "n",
  south: "s",
  east: "e",
  west: "w",
  northeast: "ne",
  northwest: "nw",
  southeast: "se",
  southwest: "sw",
};

/** Lower case, "#" as "apt", punctuation gone, each word in its one form, single spaces. */
function normaliseText(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/#/g, " apt ")
    .replace(/[^\p{L}\p{N}\s]/gu, " ")
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => WORDS[word] ?? word)
    .join(" ");
}

/** A postal code as one upper-case run of letters and digits: "sw1a 1aa" and "SW1A-1AA" are one. */
export const normalisePostalCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, "");

/**
 * One address written two ways gives one key (issue 48: the per-customer limit matches a customer by address too):
 * "12 North Main Street, Apt. 4" and "12 n main st #4" are the same place. Line 1 and line 2 are read as one text,
 * so a flat written on either line counts alike.
 */
export function normaliseAddress(address: AddressParts): string {
  const lines = normaliseText(`${address.line1} ${address.line2 ?? ""}`);
  return [lines, normaliseText(address.city), normaliseText(address.region), normalisePostalCode(address.postalCode), address.country.trim().toUpperCase()].join("|");
}

import { COUNTRIES, isCountry, subdivisionName } from "../../shared/regions";
import type { Destination } from "../pricing/zones";

/** "94103, California, United States": how the test panel read the address it was given. */
export function describeDestination(to: Destination): string {
  return [to.postalCode.trim(), to.subdivision ? subdivisionName(to.subdivision) : "", isCountry(to.country) ? COUNTRIES[to.country] : to.country].filter(Boolean).join(", ");
}

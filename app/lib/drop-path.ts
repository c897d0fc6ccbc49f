/** A drop's page: /drops/{slug}, except the first drop's, which keeps SPEC §2's /vsop (app/routes/drop.tsx). */
export const dropPath = (slug: string) => (slug === "vsop" ? "/vsop" : `/drops/${slug}`);

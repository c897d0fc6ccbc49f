/** The staff area: its pages show no storefront extras (the announcement bar). */
export const isStaffPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

import { sql } from "drizzle-orm";

/** utm_source values that mean Meta (its ads, shops and the catalogue feed of server/feed, as merchants tag them). */
export const META_SOURCES = ["facebook", "instagram", "meta", "fb", "ig"];
/** utm_medium values of the newsletter and other email campaigns. */
export const EMAIL_MEDIUMS = ["email", "newsletter", "e-mail"];
/** Referring hosts that are search engines (any subdomain, any country domain for Google, Yandex and Yahoo). */
export const SEARCH_HOSTS = String.raw`(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|yahoo\.[a-z.]+|yandex\.[a-z.]+|baidu\.com|ecosia\.org|search\.brave\.com|qwant\.com|startpage\.com)$`;

const list = (values: string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/**
 * An order's channel (issue 52's sales by channel), from what checkout stored on it (`o`): the Meta catalogue's
 * traffic, the newsletter's, search engines', none at all (Direct), or else the utm_source or referring site as sent.
 * Worked out when the report is read, so a new rule applies to past orders too.
 */
export const channelOf = sql`case
  when lower(o.utm_source) in (${list(META_SOURCES)}) then 'Meta catalog'
  when lower(o.utm_medium) in (${list(EMAIL_MEDIUMS)}) then 'Newsletter'
  when o.utm_source is null and o.referrer_host ~ ${SEARCH_HOSTS} then 'Search'
  when o.utm_source is not null then lower(o.utm_source)
  when o.referrer_host is not null then o.referrer_host
  else 'Direct' end`;

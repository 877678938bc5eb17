// Copy lookup: the session's locale (en/ne) picks the table, branding `copy` overrides single keys per
// locale (spec: rule 5), and `{name}` placeholders are filled from the arguments.
import { en, type StringKey } from "./en.js";
import { ne } from "./ne.js";

export type Locale = "en" | "ne";
export const LOCALES: readonly Locale[] = ["en", "ne"];
const TABLES: Record<Locale, Record<StringKey, string>> = { en, ne };

export type Translate = (key: StringKey, args?: Record<string, string | number>) => string;

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "ne";
}

/** The session's locale wins; the workflow's default language applies only when the session has none. */
export function pickLocale(sessionLocale: unknown, defaultLanguage: unknown): Locale {
  if (isLocale(sessionLocale)) return sessionLocale;
  if (isLocale(defaultLanguage)) return defaultLanguage;
  return "en";
}

export function translator(
  locale: Locale,
  overrides: Partial<Record<Locale, Record<string, string>>> = {},
): Translate {
  const table = TABLES[locale];
  const custom = overrides[locale] ?? {};
  return (key, args) => {
    const text = custom[key] ?? table[key] ?? en[key] ?? key;
    return args ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(args[name] ?? whole)) : text;
  };
}

/** A server error code (`{detail: code}`) as a message, falling back to the generic one. */
export function errorKey(code: string): StringKey {
  const key = `error.${code === "validation_failed" ? "invalid_request" : code}`;
  return key in en ? (key as StringKey) : "error.generic";
}

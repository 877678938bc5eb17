// Hostile-input guards applied to every request before schema validation (issue 22): strings with NUL or a
// lone UTF-16 surrogate cannot be stored (PostgreSQL text and jsonb refuse them) and JSON nested deeper than
// any real payload only serves to exhaust the stack of whatever serializes it later. Both are refused as a
// 400 naming the top-level field (`invalid_<field>`), in the surface's own body shape.
import { AppError } from "../errors.js";

/** Deepest nesting accepted in a JSON body (objects and arrays); metadata needs a handful of levels. */
export const MAX_JSON_DEPTH = 32;

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when a string cannot be stored as text: it holds NUL or a lone surrogate. */
export function isUnstorableString(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

/**
 * Walks a parsed value without recursion (a hostile depth must not overflow our own stack) and throws the
 * field's 400 on the first unstorable string (keys included) or on nesting past MAX_JSON_DEPTH.
 * `fallbackField` names the value itself when it is not an object (a bare string body, a path parameter).
 */
export function assertStorableInput(value: unknown, fallbackField: string): void {
  const stack: { value: unknown; depth: number; field: string }[] = [
    { value, depth: 0, field: fallbackField },
  ];
  while (stack.length > 0) {
    const { value: current, depth, field } = stack.pop()!;
    if (typeof current === "string") {
      if (isUnstorableString(current)) throw invalidField(field, "contains NUL or an unpaired surrogate");
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_JSON_DEPTH) throw invalidField(field, `nested deeper than ${MAX_JSON_DEPTH} levels`);
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, depth: depth + 1, field });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      // The top level names the field; below it, every finding is reported against that field.
      const itemField = depth === 0 ? fieldName(key, fallbackField) : field;
      if (isUnstorableString(key))
        throw invalidField(itemField, "a key contains NUL or an unpaired surrogate");
      stack.push({ value: item, depth: depth + 1, field: itemField });
    }
  }
}

/** A key usable in a code (`invalid_<field>`); a hostile key is reported against the container. */
function fieldName(key: string, fallback: string): string {
  return /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(key) ? key : fallback;
}

function invalidField(field: string, reason: string): AppError {
  return new AppError("validation_failed", {
    detail: `invalid_${field}`,
    field,
    message: `${field}: ${reason}.`,
  });
}

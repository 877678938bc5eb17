// A consonant-skeleton sound key for romanised names, tuned for the transliteration variants the
// lists are full of (Mohammed/Muhammad/Mohamad → mhmt, Qaddafi/Gadhafi → ktf, Jon/John → jn).

const GROUPS: Record<string, string> = {
  b: "p",
  p: "p",
  f: "f",
  v: "f",
  w: "f",
  c: "k",
  k: "k",
  q: "k",
  g: "k",
  x: "k",
  s: "s",
  z: "s",
  d: "t",
  t: "t",
  j: "j",
  l: "l",
  m: "m",
  n: "n",
  r: "r",
  h: "h",
  y: "y",
};

// Name parts repeat endlessly across queries; a bounded memo keeps the key computation off the hot path.
const MEMO_LIMIT = 200_000;
const memo = new Map<string, string>();

/** The sound key of one name part, or "" when the part has no letters to key on. */
export function phoneticKey(token: string): string {
  let key = memo.get(token);
  if (key === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    key = computePhoneticKey(token);
    memo.set(token, key);
  }
  return key;
}

function computePhoneticKey(token: string): string {
  if (!/^[a-z]+$/.test(token)) return "";
  const s = token
    .replace(/ph/g, "f")
    .replace(/[tdkgcs]h/g, (pair) => pair[0] ?? "")
    .replace(/ck/g, "k");
  let key = /^[aeiou]/.test(s) ? "a" : "";
  let last = key;
  for (let i = 0; i < s.length; i++) {
    const char = s[i] ?? "";
    const group = GROUPS[char];
    // Vowels and a y between letters carry no consonant; h only counts at the start or between vowels.
    if (!group || (char === "y" && i > 0)) {
      last = "";
      continue;
    }
    if (char === "h" && i > 0 && !(/[aeiou]/.test(s[i - 1] ?? "") && /[aeiou]/.test(s[i + 1] ?? "")))
      continue;
    if (group !== last) key += group;
    last = group;
  }
  return key;
}

// The UN list sometimes packs several spellings into one alias: "Abdul Rehman; Abd Ur-Rehman; Abdur Rahman",
// "حسن غول (Hassan Ghul; Hassan Gul)", "Abubakar (original script: Абубакар)", and adds notes in brackets:
// "El Para (combat name)", "Encep Nurjaman (birth name)". Matched as one name, such an alias meets none of
// its spellings. This splits it into the names it holds and drops the notes.

const NON_LATIN = /[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u;
const BRACKETED = /\(([^()]*)\)/g;
const ORIGINAL_SCRIPT = /^\s*original script\s*:\s*/i;

function isNonLatin(text: string): boolean {
  return NON_LATIN.test(text);
}

/** The names one alias field holds: split at semicolons, bracketed other-script spellings apart. */
export function aliasSpellings(raw: string): string[] {
  const outside = raw.replace(BRACKETED, " ");
  const names: string[] = [];
  for (const match of raw.matchAll(BRACKETED)) {
    const inner = match[1] ?? "";
    // Other spellings: a bracket marked as the original script, or written in another script than the
    // name beside it. A bracket in the same script is a note ("combat name", "third", "Sheikh").
    if (ORIGINAL_SCRIPT.test(inner) || isNonLatin(inner) !== isNonLatin(outside)) {
      names.push(...inner.replace(ORIGINAL_SCRIPT, "").split(";"));
    }
  }
  names.unshift(...outside.split(";"));
  const cleaned = names.map((name) => name.replace(/\s+/g, " ").trim()).filter((name) => /\p{L}/u.test(name));
  return [...new Set(cleaned)];
}

// MRZ parsing and repair rules for every format, on the ICAO 9303 specimen (ERIKSSON ANNA MARIA of
// Utopia, parts 4–6 and 7) and lines built by the specimen generator.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { documentKindOf, mrzDateToIso, readMrzFields } from "../../../src/engines/document/mrz-fields.js";
import { computeCheckDigit, MRZ_LAYOUTS } from "../../../src/engines/document/mrz-formats.js";
import {
  repairByLayout,
  settleCardCode,
  settleCheckDigits,
  settleChecks,
  settleOutOfClass,
} from "../../../src/engines/document/mrz-repair.js";
import {
  repairLetterFromVisualZone,
  repairNamesFromVisualZone,
} from "../../../src/engines/document/mrz-visual-names.js";
import { buildMrz, ICAO_SPECIMEN } from "../../specimens/documents/mrz-formats.js";

const TODAY = "2026-11-23";

describe("every MRZ format parses with per-field check results", () => {
  test("TD3: the ICAO passport specimen gives its number, names and dates, every check holding", () => {
    const r = readMrzFields([...ICAO_SPECIMEN.TD3], TODAY)!;
    assert.equal(r.format, "TD3");
    assert.equal(r.kind, "passport");
    assert.equal(r.valid, true);
    assert.deepEqual(r.checks, {
      document_number: true,
      date_of_birth: true,
      expiry_date: true,
      personal_number: true,
      composite: true,
    });
    assert.equal(r.fields.document_number, "L898902C3");
    assert.equal(r.fields.surname, "ERIKSSON");
    assert.equal(r.fields.given_names, "ANNA MARIA");
    assert.equal(r.fields.date_of_birth, "1974-08-12");
    assert.equal(r.fields.expiry_date, "2012-04-15");
    assert.equal(r.fields.issuing_country, "UTO");
    assert.equal(r.fields.nationality, "UTO");
    assert.equal(r.fields.personal_number, "ZE184226B");
  });

  test("TD1 and TD2: the ICAO ID card specimens are id_card with their number and names", () => {
    for (const lines of [ICAO_SPECIMEN.TD1, ICAO_SPECIMEN.TD2]) {
      const r = readMrzFields([...lines], TODAY)!;
      assert.equal(r.format, lines.length === 3 ? "TD1" : "TD2");
      assert.equal(r.kind, "id_card");
      assert.equal(r.valid, true);
      assert.equal(r.fields.document_number, "D23145890");
      assert.equal(r.fields.surname, "ERIKSSON");
      assert.equal(r.fields.given_names, "ANNA MARIA");
      assert.equal(r.fields.date_of_birth, "1974-08-12");
    }
  });

  test("MRV-A and MRV-B visas are visa, without a composite check", () => {
    const a = readMrzFields(
      ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L8988901C4XXX4009078F96121096ZE184226B<<<<<<"],
      TODAY,
    )!;
    assert.equal(a.format, "MRVA");
    assert.equal(a.kind, "visa");
    assert.equal(a.valid, true);
    assert.equal(a.checks.composite, undefined);
    assert.equal(a.fields.document_number, "L8988901C");
    const b = readMrzFields(
      ["V<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "L8988901C4XXX4009078F9612109<<<<<<<<"],
      TODAY,
    )!;
    assert.equal(b.format, "MRVB");
    assert.equal(b.valid, true);
    assert.equal(b.fields.nationality, "XXX");
  });

  test("the French ID card (2 × 36, not ICAO) gives its 12-character number and issue month", () => {
    const lines = buildMrz("FRENCH_ID", {
      documentCode: "ID",
      issuingState: "FRA",
      surname: "DUPONT",
      givenNames: "ANNE MARIE",
      documentNumber: "880692310285",
      nationality: "FRA",
      dateOfBirth: "1965-12-06",
      sex: "F",
      expiryDate: "2028-06-01",
      optional: "750123",
    });
    const r = readMrzFields(lines, TODAY)!;
    assert.equal(r.format, "FRENCH_ID");
    assert.equal(r.kind, "id_card");
    assert.equal(r.valid, true);
    assert.equal(r.fields.document_number, "880692310285");
    assert.equal(r.fields.surname, "DUPONT");
    assert.equal(r.fields.given_names, "ANNE MARIE");
    assert.equal(r.fields.issue_date, "1988-06-01");
  });

  test("a TD1 document number over nine characters continues in the optional field", () => {
    // A 12-character number: the check column is `<`, the last characters and their check follow.
    const number = "D23145890734";
    const fixed = `I<UTO${number.slice(0, 9)}<${number.slice(9)}${computeCheckDigit(number)}`.padEnd(30, "<");
    const r = readMrzFields(
      [fixed, "7408122F1204159UTO<<<<<<<<<<<0", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"],
      TODAY,
    )!;
    assert.equal(r.fields.document_number, number);
    assert.equal(r.checks.document_number, true);
  });

  test("a wrong check digit fails that field only", () => {
    const r = readMrzFields(
      ["P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<", "L898902C37UTO7408122F1204159ZE184226B<<<<<10"],
      TODAY,
    )!;
    assert.equal(r.valid, false);
    assert.equal(r.checks.document_number, false);
    assert.equal(r.checks.date_of_birth, true);
  });
});

describe("coded fields a misread can break while every check digit holds", () => {
  const [line1, line2] = ICAO_SPECIMEN.TD3;
  /** Line 2 with `at` replaced, the date of birth's check and the composite recomputed. */
  const withLine2 = (at: number, text: string) => {
    const raw = line2.slice(0, at) + text + line2.slice(at + text.length);
    const birth = raw.slice(0, 19) + computeCheckDigit(raw.slice(13, 19)) + raw.slice(20, 43);
    return birth + computeCheckDigit(birth.slice(0, 10) + birth.slice(13, 20) + birth.slice(21, 43));
  };

  test("the ICAO specimens' coded fields all hold", () => {
    for (const lines of Object.values(ICAO_SPECIMEN)) {
      const r = readMrzFields([...lines], TODAY)!;
      assert.ok(Object.values(r.fieldRules).every(Boolean), lines.join(" | "));
      assert.equal(r.valid, true);
    }
  });

  test("a sex read as 2, a nationality nobody issues, a birth month 20 or a digit in a name makes the reading invalid", () => {
    for (const [at, text, rule] of [
      [20, "2", "sex"],
      [10, "UTX", "nationality"],
      [13, "742012", "date_of_birth"],
      [13, "740231", "date_of_birth"],
    ] as const) {
      const r = readMrzFields([line1, withLine2(at, text)], TODAY)!;
      assert.ok(Object.values(r.checks).every(Boolean), `${rule}: every check digit holds`);
      assert.equal(r.fieldRules[rule], false, rule);
      assert.equal(r.valid, false, rule);
    }
    const digitInName = readMrzFields([line1.replace("ERIKSSON", "9RIKSSON"), line2], TODAY)!;
    assert.equal(digitInName.fieldRules.names, false);
    assert.equal(digitInName.valid, false);
    const issuer = readMrzFields([line1.replace("P<UTO", "P<L<O"), line2], TODAY)!;
    assert.equal(issuer.fieldRules.issuing_state, false);
    assert.equal(issuer.valid, false);
  });

  test("fillers read as letters under security print (four like letters in a row) make the names invalid", () => {
    // Development hard print (TD3 quarter-turned, seed 1003): every check digit held on this line 1.
    const garbled = "P<UTOERIKSSON<<ANNASMARIASLLLELCLCLLLLLLLLLR";
    assert.equal(garbled.length, 44);
    const r = readMrzFields([garbled, line2], TODAY)!;
    assert.ok(Object.values(r.checks).every(Boolean));
    assert.equal(r.fieldRules.names, false);
    assert.equal(r.valid, false);
    // Doubled and tripled letters are names (LL, III as a suffix) and stay valid.
    const suffix = readMrzFields([line1.replace("ANNA<MARIA<<<<", "ANNA<MARIA<III"), line2], TODAY)!;
    assert.equal(suffix.fieldRules.names, true);
  });

  test("a filler inside the document number makes the reading invalid, a padded short number does not", () => {
    /** Line 2 with the number replaced, its check and the composite recomputed. */
    const withNumber = (number: string) => {
      const raw = number + computeCheckDigit(number) + line2.slice(10);
      return raw.slice(0, 43) + computeCheckDigit(raw.slice(0, 10) + raw.slice(13, 20) + raw.slice(21, 43));
    };
    // O read as 0 and 2 read as `<` together hold the number's check digit (24·7 + 2 ≡ 0 mod 10).
    const misread = readMrzFields([line1, withNumber("0X<17173<")], TODAY)!;
    assert.ok(Object.values(misread.checks).every(Boolean));
    assert.equal(misread.fieldRules.document_number, false);
    assert.equal(misread.valid, false);
    const padded = readMrzFields([line1, withNumber("D231458<<")], TODAY)!;
    assert.equal(padded.fieldRules.document_number, true);
    assert.equal(padded.valid, true);
  });

  test("what issuers do print stays valid: X or a filler for sex, an unknown birth day, Germany's D<<", () => {
    for (const [at, text] of [
      [20, "X"],
      [20, "<"],
      [13, "7408<<"],
      [13, "74<<<<"],
      [13, "000229"],
      [10, "D<<"],
    ] as const) {
      const r = readMrzFields([line1, withLine2(at, text)], TODAY)!;
      assert.ok(Object.values(r.fieldRules).every(Boolean), text);
    }
  });
});

describe("century of two-digit years", () => {
  test("an expiry year 31 is 2031, not 1931; a birth year in the future is last century", () => {
    assert.equal(mrzDateToIso("310501", "expiry", "2026-01-01"), "2031-05-01");
    assert.equal(mrzDateToIso("850312", "birth", "2026-01-01"), "1985-03-12");
    assert.equal(mrzDateToIso("200101", "birth", "2026-01-01"), "2020-01-01");
    assert.equal(mrzDateToIso("991231", "expiry", "2026-01-01"), "1999-12-31");
    assert.equal(mrzDateToIso("261201", "birth", "2026-11-23"), "1926-12-01");
  });

  test("an impossible month is no date", () => {
    assert.equal(mrzDateToIso("851312", "birth", "2026-01-01"), null);
  });
});

describe("document kind from the document code", () => {
  test("P is a passport, V a visa, I/A/C an ID card, IR a residence permit", () => {
    assert.equal(documentKindOf("P"), "passport");
    assert.equal(documentKindOf("PD"), "passport");
    assert.equal(documentKindOf("V"), "visa");
    assert.equal(documentKindOf("I"), "id_card");
    assert.equal(documentKindOf("ID"), "id_card");
    assert.equal(documentKindOf("IR"), "residence_permit");
  });
});

describe("repair by position", () => {
  test("fillers after a run of three are restored and O becomes 0 in date columns", () => {
    const [l1, l2] = repairByLayout(
      ["P<NPLRAI<<HARI<<<<<<KLKL<<<<<<<<<<<<<<<<<<<<", "PC78709226NPL87O7154M3006092<<<<<<<<<<<<<<<6"],
      MRZ_LAYOUTS.TD3,
    );
    assert.equal(l1, "P<NPLRAI<<HARI<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<");
    assert.equal(l2, "PC78709226NPL8707154M3006092<<<<<<<<<<<<<<<6");
  });

  test("a passport-sized zone's document code is P or V: A read for P is a passport", () => {
    const [line1, line2] = ICAO_SPECIMEN.TD3;
    const [fixed] = repairByLayout([`A${line1.slice(1)}`, line2], MRZ_LAYOUTS.TD3);
    assert.equal(fixed, line1);
    const [card] = repairByLayout(
      [...ICAO_SPECIMEN.TD2].map((l, i) => (i ? l : `A${l.slice(1)}`)),
      MRZ_LAYOUTS.TD2,
    );
    assert.equal(card![0], "A", "A stays on a card-sized zone");
  });

  test("a card's code read C or A becomes I only where a reading saw I there", () => {
    const card = [...ICAO_SPECIMEN.TD1];
    const misread = [`C${card[0]!.slice(1)}`, card[1]!, card[2]!];
    const saw = (chars: string[]) => (row: number, col: number) => (row === 0 && col === 0 ? chars : []);
    assert.deepEqual(settleCardCode(misread, MRZ_LAYOUTS.TD1, saw(["C", "I"])), card);
    assert.deepEqual(settleCardCode(misread, MRZ_LAYOUTS.TD1, saw(["C"])), misread, "nobody saw I");
    const passport = [...ICAO_SPECIMEN.TD3];
    assert.deepEqual(settleCardCode(passport, MRZ_LAYOUTS.TD3, saw(["P", "I"])), passport);
  });

  test("a digit in a name column becomes its letter", () => {
    const [, , l3] = repairByLayout(
      ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ER1KSSON<<ANNA<MAR1A<<<<<<<<<<"],
      MRZ_LAYOUTS.TD1,
    );
    assert.equal(l3, "ERIKSSON<<ANNA<MARIA<<<<<<<<<<");
  });

  test("a failing composite digit is settled only by a digit another reading saw (6 read as 8)", () => {
    const misread = [
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<18",
    ];
    const seen = (row: number, col: number) => (row === 1 && col === 43 ? ["8", "0"] : []);
    assert.deepEqual(settleChecks(misread, MRZ_LAYOUTS.TD3, seen), [...ICAO_SPECIMEN.TD3]);
    // Nothing else seen: the wrong digit stays and the check fails (no invented digits).
    assert.deepEqual(
      settleChecks(misread, MRZ_LAYOUTS.TD3, () => []),
      misread,
    );
  });

  test("a check is never settled by a character its column cannot hold", () => {
    // The birth date's 0 misread as 3. A reading that saw K there: K counts 20, which fits both the date's
    // check and the composite exactly as 0 does, but a date cannot hold a letter.
    const misread: string[] = [...ICAO_SPECIMEN.TD3];
    misread[1] = `${misread[1]!.slice(0, 15)}3${misread[1]!.slice(16)}`;
    const seen = (row: number, col: number) => (row === 1 && col === 15 ? ["3", "K"] : []);
    assert.deepEqual(settleChecks(misread, MRZ_LAYOUTS.TD3, seen), misread);
  });
});

describe("characters a column cannot hold, proposed by the glyph classifier and confirmed by the checks", () => {
  /** A stand-in for the classifier: per cell, the character it finds likeliest among those allowed. */
  const classifier = (answers: Record<string, string>) => (row: number, col: number) => ({
    bestOf: (allowed: string) => {
      const answer = answers[`${row}:${col}`];
      return answer && allowed.includes(answer) ? { char: answer } : null;
    },
  });
  const withY = (lines: readonly string[]) => {
    const out = [...lines];
    out[1] = `${out[1]!.slice(0, 13)}Y${out[1]!.slice(14)}`; // the birth date's 7 read as Y
    return out;
  };

  test("Y in a date becomes the classifier's digit when the field's check and the composite then hold", () => {
    const fixed = settleOutOfClass(withY(ICAO_SPECIMEN.TD3), MRZ_LAYOUTS.TD3, classifier({ "1:13": "7" }));
    assert.deepEqual(fixed, [...ICAO_SPECIMEN.TD3]);
  });

  test("a classifier digit the check digits refuse is not taken", () => {
    const misread = withY(ICAO_SPECIMEN.TD3);
    assert.deepEqual(settleOutOfClass(misread, MRZ_LAYOUTS.TD3, classifier({ "1:13": "1" })), misread);
    // The field's own check would hold, but the composite does not (a slipped grid): nothing is taken.
    const slipped = [...misread];
    slipped[1] = `${slipped[1]!.slice(0, 43)}3`;
    assert.deepEqual(settleOutOfClass(slipped, MRZ_LAYOUTS.TD3, classifier({ "1:13": "7" })), slipped);
  });
});

describe("a check digit tesseract and the glyph classifier read differently", () => {
  const classifier = (answers: Record<string, string>) => (row: number, col: number) => ({
    bestOf: (allowed: string) => {
      const answer = answers[`${row}:${col}`];
      return answer && allowed.includes(answer) ? { char: answer } : null;
    },
  });
  // The ICAO specimen's composite digit is 0 at [1, 43]; read at the zone's edge as S, repaired to 5.
  const misread: string[] = [...ICAO_SPECIMEN.TD3];
  misread[1] = `${misread[1]!.slice(0, 43)}5`;

  test("the classifier's first digit is taken when its check then holds", () => {
    assert.deepEqual(settleCheckDigits(misread, MRZ_LAYOUTS.TD3, classifier({ "1:43": "0" })), [
      ...ICAO_SPECIMEN.TD3,
    ]);
  });

  test("a classifier digit the check refuses is not taken, and a holding check is left alone", () => {
    assert.deepEqual(settleCheckDigits(misread, MRZ_LAYOUTS.TD3, classifier({ "1:43": "6" })), misread);
    const held = settleCheckDigits([...ICAO_SPECIMEN.TD3], MRZ_LAYOUTS.TD3, classifier({ "1:43": "6" }));
    assert.deepEqual(held, [...ICAO_SPECIMEN.TD3]);
  });
});

describe("names against the visual zone", () => {
  test("a `<<` read as KK between names is restored when the visual zone prints both names", () => {
    const lines = [
      "V<INDDUBOISKKFATIMA<YUKI<<<<<<<<<<<<<<<<<<<<",
      "AI378490<7IND5010280F2805081<<<<<<<<<<<<<<<<",
    ];
    const fixed = repairNamesFromVisualZone(lines, "MRVA", ["VISA", "DUBOIS", "FATIMA", "YUKI", "SURNAME"]);
    assert.equal(fixed[0], "V<INDDUBOIS<<FATIMA<YUKI<<<<<<<<<<<<<<<<<<<<");
  });

  test("bold print's `<<` read as SS, or `<` as S, is restored the same way; a name's own S stays", () => {
    const second = "AI378490<7IND5010280F2805081<<<<<<<<<<<<<<<<";
    const zone = ["VISA", "EKSTROM", "JOHN", "HAJIYEV", "LUCAS", "ROSS", "ANNA"];
    const fixed = (name: string) => repairNamesFromVisualZone([name, second], "MRVA", zone)[0];
    assert.equal(
      fixed("V<INDEKSTROMSSJOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<"),
      "V<INDEKSTROM<<JOHN<<<<<<<<<<<<<<<<<<<<<<<<<<<",
    );
    assert.equal(
      fixed("V<ESPHAJIYEV<SLUCAS<<<<<<<<<<<<<<<<<<<<<<<<<"),
      "V<ESPHAJIYEV<<LUCAS<<<<<<<<<<<<<<<<<<<<<<<<<",
    );
    assert.equal(
      fixed("V<GBRROSSKKANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<<"),
      "V<GBRROSS<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<<<<<",
    );
  });

  test("a name the visual zone does not show is left as read", () => {
    const lines = [
      "P<UTOHAKKINEN<<ANNA<<<<<<<<<<<<<<<<<<<<<<<<<",
      "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
    ];
    assert.deepEqual(repairNamesFromVisualZone(lines, "TD3", ["HAKKINEN", "ANNA"]), lines);
    assert.deepEqual(repairNamesFromVisualZone(lines, "TD3", ["PASSPORT"]), lines);
  });
});

describe("letter/digit twins in document numbers", () => {
  test("a document number with 0 read as O is settled by its check digit when only one twin fits", () => {
    const misread = [
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L8989O2C36UTO7408122F1204159ZE184226B<<<<<10",
    ];
    assert.deepEqual(
      settleChecks(misread, MRZ_LAYOUTS.TD3, () => []),
      [...ICAO_SPECIMEN.TD3],
    );
  });

  test("when two twins fit equally, nothing is chosen unless a reading saw one", () => {
    // 8→B at column 3 and a further 8→B at column 1 satisfy the same digit: ambiguous by the check alone.
    const misread = [
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      "L89B902C36UTO7408122F1204159ZE184226B<<<<<10",
    ];
    assert.deepEqual(
      settleChecks(misread, MRZ_LAYOUTS.TD3, () => []),
      misread,
    );
    const seen = (row: number, col: number) => (row === 1 && col === 3 ? ["8"] : []);
    assert.deepEqual(settleChecks(misread, MRZ_LAYOUTS.TD3, seen), [...ICAO_SPECIMEN.TD3]);
  });
});

describe("one name letter misread, settled by the visual zone", () => {
  // The French card's composite covers its names, but I and S weigh the same modulo 10: both readings
  // hold every check.
  const truth = ["IDFRAKIM<<<<<<<<<<<<<<<<<<<<<<<<<<<<", "1602024417894JOSE<<LUIS<<<<9211247F6"];
  const misread = [truth[0]!, "1602024417894JOSE<<LUSS<<<<9211247F6"];

  test("the check digits cannot tell LUIS from LUSS", () => {
    assert.equal(readMrzFields(misread, TODAY)?.valid, true);
    assert.equal(readMrzFields(truth, TODAY)?.valid, true);
  });

  test("the visual zone's LUIS undoes the doubled S", () => {
    const tokens = ["CARTE", "NATIONALE", "KIM", "JOSE", "LUIS", "NOM", "PRENOMS"];
    assert.deepEqual(repairLetterFromVisualZone(misread, "FRENCH_ID", tokens), truth);
  });

  // ERIKSSON read as ERIKSSEN: the differing letter copies no neighbour.
  const eriksson = [
    "P<UTOERIKSSEN<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
    "L898902C36UTO7408122F1204159ZE184226B<<<<<10",
  ];
  const tokens = ["ERIKSSON", "ANNA", "MARIA"];

  test("a letter some reading of the zone saw in that cell is taken from the visual zone", () => {
    // The name field starts at column 5, so the misread E stands in column 11; a size read O there.
    const seen = (row: number, col: number) => (row === 0 && col === 11 ? ["E", "O"] : []);
    assert.deepEqual(repairLetterFromVisualZone(eriksson, "TD3", tokens, seen), [
      "P<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<<<<<<<<<",
      eriksson[1]!,
    ]);
  });

  test("without the word in the visual zone, or a letter no reading saw, the reading stays", () => {
    assert.deepEqual(repairLetterFromVisualZone(misread, "FRENCH_ID", ["KIM", "JOSE"]), misread);
    assert.deepEqual(repairLetterFromVisualZone(eriksson, "TD3", tokens), eriksson);
    const elsewhere = (row: number, col: number) => (row === 0 && col === 10 ? ["O"] : []);
    assert.deepEqual(repairLetterFromVisualZone(eriksson, "TD3", tokens, elsewhere), eriksson);
  });

  test("two visual-zone words one letter away leave the reading as it is", () => {
    const seen = () => ["E", "O", "A"];
    assert.deepEqual(repairLetterFromVisualZone(eriksson, "TD3", [...tokens, "ERIKSSAN"], seen), eriksson);
  });
});

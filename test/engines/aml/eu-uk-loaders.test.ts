// Issue 14 — the EU FSF and UK Sanctions List parsers, on files written here in the published layouts
// (attributes-only FSF 1.1; FCDO Designations with Name1…Name6 and dd/mm/yyyy dates).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { buildIndex } from "../../../src/engines/aml/candidate-index.js";
import { loadEuFsfXml } from "../../../src/engines/aml/load-eu.js";
import { detectListFormat } from "../../../src/engines/aml/load-file.js";
import { loadUkSanctionsXml } from "../../../src/engines/aml/load-uk.js";
import { screen } from "../../../src/engines/aml/screen.js";

const EU = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<export xmlns="http://eu.europa.ec/fpi/fsd/export" generationDate="2026-11-20T16:00:00.000+01:00" globalFileId="190001">
  <sanctionEntity designationDetails="" unitedNationId="" euReferenceNumber="EU.900.1" logicalId="501">
    <remark>Test entry in the FSF layout</remark>
    <regulation regulationType="regulation" programme="TST" logicalId="1"/>
    <subjectType code="person" classificationCode="P"/>
    <nameAlias firstName="Ivan" middleName="Petrovich" lastName="Sidorov" wholeName="Ivan Petrovich Sidorov" function="Deputy Minister" gender="M" title="" nameLanguage="" strong="true" logicalId="11"/>
    <nameAlias wholeName="Иван Петрович Сидоров" nameLanguage="RU" strong="true" logicalId="12"/>
    <nameAlias wholeName="Vanya" strong="false" logicalId="13"/>
    <citizenship countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" logicalId="14"/>
    <citizenship countryIso2Code="00" countryDescription="UNKNOWN" logicalId="15"/>
    <birthdate circa="false" birthdate="1961-03-04" city="Tula" countryIso2Code="RU" logicalId="16"/>
    <birthdate circa="true" year="1962" logicalId="17"/>
    <birthdate yearRangeFrom="1963" yearRangeTo="1964" logicalId="18"/>
    <identification number="7512 345678" identificationTypeCode="passport" countryIso2Code="RU" logicalId="19"/>
    <address street="Tverskaya 1" city="Moscow" zipCode="125009" countryIso2Code="RU" countryDescription="RUSSIAN FEDERATION" logicalId="20"/>
  </sanctionEntity>
  <sanctionEntity euReferenceNumber="EU.900.2" logicalId="502">
    <subjectType code="enterprise" classificationCode="E"/>
    <nameAlias wholeName="Northern Star Trading LLC" strong="true" logicalId="21"/>
    <address city="Minsk" countryDescription="BELARUS" logicalId="22"/>
  </sanctionEntity>
  <sanctionEntity logicalId="503"><subjectType code="person"/></sanctionEntity>
</export>`;

const UK = `<?xml version="1.0" encoding="utf-8"?>
<Designations>
  <DateGenerated>20/11/2026</DateGenerated>
  <Designation>
    <UniqueID>TST0001</UniqueID>
    <Names>
      <Name><Name1>Ahmad</Name1><Name2>Karim</Name2><Name6>RAHIMI</Name6><NameType>Primary Name</NameType></Name>
      <Name><Name1>Ahmed</Name1><Name6>Rahimy</Name6><NameType>Alias</NameType><AliasStrength>Good quality</AliasStrength></Name>
      <Name><Name6>Abu Karim</Name6><NameType>Alias</NameType><AliasStrength>Low quality</AliasStrength></Name>
    </Names>
    <NonLatinNames><NonLatinName><NameNonLatinScript>احمد کریم رحیمی</NameNonLatinScript></NonLatinName></NonLatinNames>
    <RegimeName>Test Regulations 2026</RegimeName>
    <IndividualEntityShip>Individual</IndividualEntityShip>
    <IndividualDetails><Individual>
      <DOBs><DOB>dd/mm/1970</DOB><DOB>12/07/1971</DOB><DOB>dd/07/1972</DOB></DOBs>
      <Nationalities><Nationality>Afghanistan</Nationality></Nationalities>
      <Genders><Gender>Male</Gender></Genders>
      <PassportDetails><PassportDetail><PassportNumber>OA123456</PassportNumber></PassportDetail></PassportDetails>
      <Positions><Position>Provincial governor</Position></Positions>
    </Individual></IndividualDetails>
    <Addresses><Address><AddressLine1>District 4</AddressLine1><AddressCountry>Afghanistan</AddressCountry></Address></Addresses>
  </Designation>
  <Designation>
    <UniqueID>TST0002</UniqueID>
    <Names><Name><Name6>OCEAN LARK</Name6><NameType>Primary Name</NameType></Name></Names>
    <IndividualEntityShip>Ship</IndividualEntityShip>
  </Designation>
</Designations>`;

describe("EU FSF XML", () => {
  const [person, company, ...rest] = loadEuFsfXml(EU);

  test("a person: strong names, weak alias, dates in every form, citizenship, documents, address", () => {
    assert.equal(rest.length, 0, "an entity without a name is skipped");
    assert.equal(person?.id, "eu-501");
    assert.equal(person?.schema, "Person");
    assert.deepEqual(person?.names, ["Ivan Petrovich Sidorov"]);
    assert.deepEqual(person?.aliases, ["Иван Петрович Сидоров"]);
    assert.deepEqual(person?.weakAliases, ["Vanya"]);
    assert.deepEqual(person?.birthDates, ["1961-03-04", "1962", "1963", "1964"]);
    assert.deepEqual(person?.nationalities, ["ru"]);
    assert.deepEqual(person?.idNumbers, ["7512 345678"]);
    assert.deepEqual(person?.gender, ["male"]);
    assert.deepEqual(person?.positions, ["Deputy Minister"]);
    assert.match(person?.addresses[0] ?? "", /Tverskaya 1, Moscow/);
    assert.deepEqual(person?.datasets, ["eu_fsf"]);
  });

  test("an enterprise is an Organization; its country comes from the description when no code is given", () => {
    assert.equal(company?.schema, "Organization");
    assert.deepEqual(company?.countries, ["by"]);
  });

  test("screening finds the listed person by a Latin or Cyrillic spelling", () => {
    const index = buildIndex(loadEuFsfXml(EU));
    const result = screen(index, { name: "Ivan Sidorov", birthDate: "1961-03-04" });
    assert.equal(result.matches[0]?.entity_id, "eu-501");
    const cyrillic = screen(index, { name: "Иван Сидоров", birthDate: "1961-03-04" });
    assert.equal(cyrillic.matches[0]?.entity_id, "eu-501");
  });

  test("another XML document is refused", () => {
    assert.throws(() => loadEuFsfXml("<CONSOLIDATED_LIST></CONSOLIDATED_LIST>"), /not an FSF export/);
  });
});

describe("UK Sanctions List XML", () => {
  const [person, ship] = loadUkSanctionsXml(UK);

  test("a person: primary name and its non-Latin form, aliases by strength, partial dates", () => {
    assert.equal(person?.id, "uk-TST0001");
    assert.deepEqual(person?.names, ["Ahmad Karim RAHIMI", "احمد کریم رحیمی"]);
    assert.deepEqual(person?.aliases, ["Ahmed Rahimy"]);
    assert.deepEqual(person?.weakAliases, ["Abu Karim"]);
    assert.deepEqual(person?.birthDates, ["1970", "1971-07-12", "1972-07"]);
    assert.deepEqual(person?.nationalities, ["af"]);
    assert.deepEqual(person?.gender, ["male"]);
    assert.deepEqual(person?.idNumbers, ["OA123456"]);
    assert.deepEqual(person?.lastNames, ["RAHIMI", "Rahimy"]);
    assert.deepEqual(person?.countries, ["af"]);
  });

  test("a ship is a Vessel", () => {
    assert.equal(ship?.schema, "Vessel");
  });

  test("screening finds the person by an alias spelling", () => {
    const index = buildIndex(loadUkSanctionsXml(UK));
    const result = screen(index, { name: "Ahmed Karim Rahimi", birthDate: "1971-07-12" });
    assert.equal(result.matches[0]?.entity_id, "uk-TST0001");
  });

  test("another XML document is refused", () => {
    assert.throws(() => loadUkSanctionsXml("<export></export>"), /not a UK Sanctions List/);
  });
});

test("kyc aml load recognises both layouts from their content", () => {
  assert.equal(detectListFormat(EU), "eu_fsf_xml");
  assert.equal(detectListFormat(UK), "uk_sanctions_xml");
});

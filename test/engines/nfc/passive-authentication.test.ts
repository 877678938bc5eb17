// Passive and active authentication over a chain built at test time (CSCA → DS → SOD), each part tampered in
// turn; master lists (ICAO CMS and PEM) parsed; DG2 portraits in JPEG and JPEG 2000 read.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { before, describe, test } from "node:test";
import * as pkijs from "pkijs";
import sharp from "sharp";
import { verifyActiveAuthentication } from "../../../src/engines/nfc/active-authentication.js";
import { readDg1Mrz, readDg2Face, readDg15PublicKey } from "../../../src/engines/nfc/data-groups.js";
import { jpeg2000ToPng } from "../../../src/engines/nfc/decode-jpeg2000.js";
import { MasterListError, parseTrustMaterial } from "../../../src/engines/nfc/master-list.js";
import {
  type TrustAnchors,
  verifyPassiveAuthentication,
} from "../../../src/engines/nfc/passive-authentication.js";
import { toJpeg2000 } from "./jpeg2000-encoder.js";
import {
  activeAuthenticationChip,
  certificatePem,
  dg1,
  dg2,
  type Issued,
  issueCertificate,
  masterList,
  pem,
  revocationList,
  securityObject,
} from "./passport-chip.js";

const FACE = new URL("../../../../shared/data/faces/deepface/img1.jpg", import.meta.url).pathname;
const MRZ = ["P<NPLSHARMA<<SITA<<<<<<<<<<<<<<<<<<<<<<<<<<<", "PA12345674NPL9001012F3501015<<<<<<<<<<<<<<00"];
const DAY = 86_400_000;

describe("passive authentication", () => {
  let csca: Issued;
  let ds: Issued;
  let trust: TrustAnchors;
  let groups: Map<number, Buffer>;
  let sod: Buffer;

  before(async () => {
    csca = await issueCertificate({ commonName: "CSCA Nepal", ca: true });
    ds = await issueCertificate({ commonName: "Document Signer 1", issuer: csca });
    trust = { cscas: [csca.certificate], crls: [] };
    groups = new Map([
      [1, dg1(MRZ)],
      [2, dg2(await readFile(FACE))],
    ]);
    sod = await securityObject(ds, groups);
  });

  test("a chip whose SOD the DS signed under a trusted CSCA passes, every data group matching", async () => {
    const result = await verifyPassiveAuthentication({ sod, dataGroups: groups, trust });
    assert.deepEqual(result.reasons, []);
    assert.equal(result.sod_signature_valid, true);
    assert.equal(result.chain_valid, true);
    assert.equal(result.hash_algorithm, "sha256");
    assert.deepEqual(result.data_groups, { dg1: "match", dg2: "match" });
    assert.equal(result.csca?.subject, "CSCA Nepal");
    assert.equal(result.document_signer?.country, "NP");
  });

  test("a changed data group: dg_hash_mismatch", async () => {
    const forged = new Map(groups);
    forged.set(1, dg1([MRZ[0]!.replace("SITA", "GITA"), MRZ[1]!]));
    const result = await verifyPassiveAuthentication({ sod, dataGroups: forged, trust });
    assert.deepEqual(result.reasons, ["dg_hash_mismatch"]);
    assert.deepEqual(result.data_groups, { dg1: "mismatch", dg2: "match" });
    assert.equal(result.sod_signature_valid, true);
  });

  test("a data group the SOD does not list: dg_hash_mismatch (dg_not_in_sod)", async () => {
    const extra = new Map(groups);
    extra.set(11, Buffer.from([0x6b, 0x00]));
    const result = await verifyPassiveAuthentication({ sod, dataGroups: extra, trust });
    assert.deepEqual(result.reasons, ["dg_not_in_sod", "dg_hash_mismatch"]);
  });

  test("a SOD signed by another key under the DS certificate: sod_signature_invalid", async () => {
    const impostor = await issueCertificate({ commonName: "Impostor" });
    const forged = await securityObject({ certificate: ds.certificate, keys: impostor.keys }, groups);
    const result = await verifyPassiveAuthentication({ sod: forged, dataGroups: groups, trust });
    assert.deepEqual(result.reasons, ["sod_signature_invalid"]);
    assert.equal(result.chain_valid, true, "the DS certificate itself is genuine");
  });

  test("a hash rewritten inside the signed SOD: sod_signature_invalid and dg_hash_mismatch", async () => {
    const forged = Buffer.from(sod);
    const listed = Buffer.from(
      (await import("node:crypto")).createHash("sha256").update(groups.get(1)!).digest(),
    );
    const at = forged.indexOf(listed);
    assert.ok(at > 0);
    forged[at] = forged[at]! ^ 0xff;
    const result = await verifyPassiveAuthentication({ sod: forged, dataGroups: groups, trust });
    assert.deepEqual(result.reasons.sort(), ["dg_hash_mismatch", "sod_signature_invalid"]);
  });

  test("a DS under a CSCA the master list lacks, or one forging the CSCA's name: csca_not_trusted", async () => {
    const otherCsca = await issueCertificate({ commonName: "CSCA Elsewhere", country: "XX", ca: true });
    const otherDs = await issueCertificate({ commonName: "DS elsewhere", issuer: otherCsca });
    const untrusted = await verifyPassiveAuthentication({
      sod: await securityObject(otherDs, groups),
      dataGroups: groups,
      trust,
    });
    assert.deepEqual(untrusted.reasons, ["csca_not_trusted"]);
    assert.equal(untrusted.sod_signature_valid, true);

    const fakeCsca = await issueCertificate({ commonName: "CSCA Nepal", ca: true });
    const fakeDs = await issueCertificate({ commonName: "Document Signer 1", issuer: fakeCsca });
    const namesake = await verifyPassiveAuthentication({
      sod: await securityObject(fakeDs, groups),
      dataGroups: groups,
      trust,
    });
    assert.deepEqual(namesake.reasons, ["csca_not_trusted"]);
  });

  test("an expired DS certificate and a revoked one are not trusted", async () => {
    const expiredDs = await issueCertificate({
      commonName: "Old DS",
      issuer: csca,
      notBefore: new Date(Date.now() - 400 * DAY),
      notAfter: new Date(Date.now() - DAY),
    });
    const expired = await verifyPassiveAuthentication({
      sod: await securityObject(expiredDs, groups),
      dataGroups: groups,
      trust,
    });
    assert.deepEqual(expired.reasons, ["certificate_expired", "csca_not_trusted"]);

    const crl = pkijs.CertificateRevocationList.fromBER(await revocationList(csca, [ds]));
    const revoked = await verifyPassiveAuthentication({
      sod,
      dataGroups: groups,
      trust: { ...trust, crls: [crl] },
    });
    assert.deepEqual(revoked.reasons, ["certificate_revoked", "csca_not_trusted"]);

    // A CRL that does not verify under the CSCA is ignored; an outdated one is reported.
    const stranger = await issueCertificate({ commonName: "CSCA Nepal", ca: true });
    const forgedCrl = pkijs.CertificateRevocationList.fromBER(await revocationList(stranger, [ds]));
    const ignored = await verifyPassiveAuthentication({
      sod,
      dataGroups: groups,
      trust: { ...trust, crls: [forgedCrl] },
    });
    assert.deepEqual(ignored.reasons, []);
    const stale = pkijs.CertificateRevocationList.fromBER(
      await revocationList(csca, [], new Date(Date.now() - DAY)),
    );
    const outdated = await verifyPassiveAuthentication({
      sod,
      dataGroups: groups,
      trust: { ...trust, crls: [stale] },
    });
    assert.deepEqual(outdated.reasons, ["crl_outdated"]);
  });

  test("garbage instead of a SOD fails every check", async () => {
    const result = await verifyPassiveAuthentication({
      sod: Buffer.from("not a sod"),
      dataGroups: groups,
      trust,
    });
    assert.deepEqual(result.reasons, ["sod_signature_invalid", "csca_not_trusted", "dg_hash_mismatch"]);
  });

  test("an ICAO master list loads its CSCAs and CRLs; one signed outside the list is refused", async () => {
    const signer = await issueCertificate({ commonName: "ML Signer", issuer: csca });
    const crl = await revocationList(csca, []);
    const material = await parseTrustMaterial(await masterList(signer, [csca], [crl]));
    assert.equal(material.format, "icao_master_list");
    assert.equal(material.certificates.length, 1);
    assert.equal(material.crls.length, 1);
    assert.ok(material.certificates[0]!.subject.isEqual(csca.certificate.subject));

    const outsider = await issueCertificate({ commonName: "Self-made ML signer" });
    await assert.rejects(parseTrustMaterial(await masterList(outsider, [csca])), MasterListError);
    const bundle = await parseTrustMaterial(Buffer.from(certificatePem(csca) + pem("X509 CRL", crl)));
    assert.deepEqual([bundle.format, bundle.certificates.length, bundle.crls.length], ["pem_bundle", 1, 1]);
    await assert.rejects(parseTrustMaterial(Buffer.from("hello")), MasterListError);
  });
});

describe("chip data groups and active authentication", () => {
  test("DG1 gives the MRZ lines; DG2 the JPEG it wraps", async () => {
    assert.deepEqual(readDg1Mrz(dg1(MRZ)), MRZ);
    const jpeg = await readFile(FACE);
    const face = readDg2Face(dg2(jpeg));
    assert.equal(face.format, "jpeg");
    assert.ok(face.bytes.equals(jpeg));
  });

  test("a JPEG 2000 portrait decodes to the same picture", async () => {
    const j2k = await toJpeg2000(await readFile(FACE));
    const face = readDg2Face(dg2(j2k));
    assert.equal(face.format, "jpeg2000");
    const png = await jpeg2000ToPng(face.bytes);
    const meta = await sharp(png).metadata();
    assert.equal(meta.width, 240);
    const original = await sharp(await readFile(FACE))
      .resize(240)
      .removeAlpha()
      .raw()
      .toBuffer();
    const decoded = await sharp(png).removeAlpha().raw().toBuffer();
    assert.equal(decoded.length, original.length);
    let largest = 0;
    let total = 0;
    for (let i = 0; i < original.length; i++) {
      const difference = Math.abs(original[i]! - decoded[i]!);
      largest = Math.max(largest, difference);
      total += difference;
    }
    assert.ok(largest <= 8 && total / original.length < 1, `decoded off by up to ${largest}`);
  });

  test("the chip's signature over the server's challenge verifies; another challenge does not", () => {
    const chip = activeAuthenticationChip();
    const challenge = Buffer.from("0102030405060708", "hex");
    const key = readDg15PublicKey(chip.dg15);
    assert.equal(verifyActiveAuthentication(key, challenge, chip.sign(challenge)), true);
    assert.equal(
      verifyActiveAuthentication(key, Buffer.from("0102030405060709", "hex"), chip.sign(challenge)),
      false,
    );
    const other = activeAuthenticationChip();
    assert.equal(verifyActiveAuthentication(key, challenge, other.sign(challenge)), false);
  });
});

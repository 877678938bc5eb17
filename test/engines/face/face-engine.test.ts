import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, test } from "node:test";
import sharp, { type Sharp } from "sharp";
import { createFaceEngine, type FaceEngine } from "../../../src/engines/face/face-engine.js";
import { DEFAULT_FACE_VERIFY_THRESHOLD } from "../../../src/engines/face/similarity.js";
import { type DecodedImage, decodeImageField } from "../../../src/engines/image/decode-image-field.js";
import { AppError } from "../../../src/platform/errors.js";

const DATA = new URL("../../../../shared/data/faces/deepface/", import.meta.url);

async function photo(name: string): Promise<DecodedImage> {
  return decodeImageField((await readFile(new URL(name, DATA))).toString("base64"), "image");
}

async function fromSharp(image: Sharp): Promise<DecodedImage> {
  return decodeImageField((await image.jpeg().toBuffer()).toString("base64"), "image");
}

/** A synthetic outdoor scene: sky gradient, green ground, a grey "house"; no person in it. */
async function landscape(): Promise<DecodedImage> {
  const width = 640;
  const height = 480;
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const house = x > 380 && x < 520 && y > 220 && y < 330;
      const rgb = house
        ? [120, 120, 125]
        : y < 300
          ? [90 + y / 4, 150 + y / 6, 235]
          : [40 + (x % 7), 130 + (y % 11), 50];
      data.set(rgb.map(Math.round), i);
    }
  }
  return fromSharp(sharp(data, { raw: { width, height, channels: 3 } }));
}

async function rejectsWithCode(promise: Promise<unknown>, code: string) {
  await assert.rejects(
    promise,
    (error: unknown) => error instanceof AppError && error.code === code && error.status === 422,
  );
}

describe("face engine (real models in a worker thread)", () => {
  let engine: FaceEngine;
  before(async () => {
    engine = await createFaceEngine({ size: 1 });
  });
  after(async () => {
    await engine?.close();
  });

  test("models load from the installed packages through file:// only", () => {
    assert.ok(engine.models.loadedFrom.length >= 8);
    for (const url of engine.models.loadedFrom) {
      assert.match(url, /^file:\/\/.*\/node_modules\/@vladmandic\/(human|face-api)\//);
    }
    assert.equal(engine.models.backend, "wasm");
  });

  test("a portrait yields exactly one face with a 128-d embedding, quality signals and a plausible age", async () => {
    const face = await engine.requireOneFace((await photo("img1.jpg")).rgb);
    assert.equal(face.embedding.length, 128);
    assert.equal(face.embeddingWidth, 128);
    assert.equal(face.embeddingModel, engine.embeddingModel);
    assert.ok(face.age !== null && face.age > 15 && face.age < 80, `age ${face.age}`);
    assert.ok(face.quality.size > 200, `size ${face.quality.size}`);
    assert.ok(face.quality.blur > 50, `blur ${face.quality.blur}`);
    assert.ok(face.quality.pose && Math.abs(face.quality.pose.yaw) < 30);
  });

  test("a blank image has no face (422 no_face_detected)", async () => {
    const blank = await fromSharp(
      sharp({ create: { width: 400, height: 400, channels: 3, background: "#f0f0f0" } }),
    );
    await rejectsWithCode(engine.requireOneFace(blank.rgb), "no_face_detected");
  });

  test("a landscape without people has no face (422 no_face_detected)", async () => {
    await rejectsWithCode(engine.requireOneFace((await landscape()).rgb), "no_face_detected");
  });

  test("a photo of a couple is refused as multiple_faces (422)", async () => {
    const image = await photo("couple.jpg");
    assert.equal((await engine.analyze(image.rgb)).faces.length, 2);
    await rejectsWithCode(engine.requireOneFace(image.rgb), "multiple_faces");
  });

  test("a group selfie is refused as multiple_faces (422)", async () => {
    const image = await photo("selfie-many-people.jpg");
    assert.ok((await engine.analyze(image.rgb)).faces.length >= 3);
    await rejectsWithCode(engine.requireOneFace(image.rgb), "multiple_faces");
  });

  // Labelled pairs from face-recognition-pivot.csv and master.csv.
  const samePerson = [
    ["img38.jpg", "img39.jpg"],
    ["img1.jpg", "img2.jpg"],
    ["img16.jpg", "img17.jpg"],
  ];
  const differentPeople = [
    ["img17.jpg", "img18.jpg"],
    ["img22.jpg", "img4.jpg"],
    ["img16.jpg", "img25.jpg"],
  ];

  test("same-person pairs score at or above the default verify threshold", async () => {
    for (const [a, b] of samePerson) {
      const [x, y] = await Promise.all([photo(a as string), photo(b as string)]);
      const score = engine.compare(
        (await engine.requireOneFace(x.rgb)).embedding,
        (await engine.requireOneFace(y.rgb)).embedding,
      );
      assert.ok(score >= DEFAULT_FACE_VERIFY_THRESHOLD, `${a}/${b} scored ${score}`);
    }
  });

  test("different-person pairs score below the default verify threshold", async () => {
    for (const [a, b] of differentPeople) {
      const [x, y] = await Promise.all([photo(a as string), photo(b as string)]);
      const score = engine.compare(
        (await engine.requireOneFace(x.rgb)).embedding,
        (await engine.requireOneFace(y.rgb)).embedding,
      );
      assert.ok(score < DEFAULT_FACE_VERIFY_THRESHOLD, `${a}/${b} scored ${score}`);
    }
  });

  test("concurrent requests all complete, each with the same answer as alone", async () => {
    const image = await photo("img2.jpg");
    const alone = await engine.requireOneFace(image.rgb);
    const together = await Promise.all(Array.from({ length: 5 }, () => engine.requireOneFace(image.rgb)));
    for (const face of together) assert.equal(engine.compare(face.embedding, alone.embedding), 1);
  });

  test("a malformed request fails alone with engine_unavailable and the pool keeps serving", async () => {
    const broken = { data: new Uint8Array(10), width: 100, height: 100 };
    await assert.rejects(
      engine.analyze(broken),
      (error: unknown) => error instanceof AppError && error.code === "engine_unavailable",
    );
    const face = await engine.requireOneFace((await photo("img2.jpg")).rgb);
    assert.equal(face.embedding.length, 128);
  });

  test("the liveness protocol returns anti-spoof and liveness scores, mesh and gestures from the same workers", async () => {
    const image = await photo("img1.jpg");
    const result = await engine.infer({
      image: image.rgb,
      want: { antispoof: true, liveness: true, mesh: true, gestures: true },
    });
    const [face] = result.faces;
    assert.ok(face);
    assert.ok(face.antispoof !== undefined && face.antispoof >= 0 && face.antispoof <= 1);
    assert.ok(face.liveness !== undefined && face.liveness >= 0 && face.liveness <= 1);
    assert.ok((face.mesh?.length ?? 0) >= 468);
    assert.ok(result.gestures.some((g) => g.part === "face"));
  });
});

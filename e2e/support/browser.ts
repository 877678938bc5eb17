// Debian Chromium driven by playwright-core (design: browser tests), its fake camera fed from a .y4m made
// at test time with ffmpeg from a real face photograph (never committed), and screenshot helpers.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

export const FACES = fileURLToPath(new URL("../../../shared/data/faces/deepface/", import.meta.url));
export const ARTIFACTS = fileURLToPath(new URL("../../test-artifacts/e2e/", import.meta.url));

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/**
 * A 4-second 640×480 clip of the photograph with a slight drift, so it is not one frame repeated: a file
 * name under FACES, or an absolute path (an attacker's picture moved in front of the camera).
 */
export function faceY4m(photo: string): string {
  const out = join(mkdtempSync(join(tmpdir(), "kyc-e2e-cam-")), "face.y4m");
  const drift =
    "scale=720:540:force_original_aspect_ratio=increase,crop=720:540," +
    "zoompan=z='1.06+0.02*sin(on/7)':x='iw/2-(iw/zoom/2)+6*sin(on/5)':y='ih/2-(ih/zoom/2)+4*cos(on/6)':d=1:s=640x480:fps=15," +
    "format=yuv420p";
  execFileSync("ffmpeg", [
    "-y",
    "-loglevel",
    "error",
    "-loop",
    "1",
    "-i",
    isAbsolute(photo) ? photo : join(FACES, photo),
    "-vf",
    drift,
    "-t",
    "4",
    out,
  ]);
  return out;
}

/** Without `y4m` the browser has no fake camera (screens that never capture need no ffmpeg). */
export async function launchBrowser(y4m?: string): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      ...(y4m ? [`--use-file-for-fake-video-capture=${y4m}`] : []),
    ],
  });
}

export async function newPhone(browser: Browser, extra: { locale?: string } = {}): Promise<BrowserContext> {
  return browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: extra.locale,
  });
}

export async function newDesktop(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: DESKTOP });
}

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}

/** Makes getUserMedia fail as it does when the applicant blocked the camera. */
export async function denyCamera(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException("Permission denied", "NotAllowedError"));
  });
}

/** At phone width the console's navigation is folded behind its Menu button: unfolds it when it is. */
export async function openConsoleNav(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if ((await menu.isVisible()) && (await menu.getAttribute("aria-expanded")) !== "true") await menu.click();
}

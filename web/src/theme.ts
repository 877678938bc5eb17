// Branding → CSS custom properties (spec: rule 5: colour, button shape, theme light/dark).
import type { Branding } from "./api.js";

const RADIUS = { rounded: "10px", square: "2px", pill: "999px" } as const;

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Text on the brand colour: white or near-black, whichever contrasts more (WCAG relative luminance). */
export function onColor(hex: string): string {
  const l = luminance(hex);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? "#ffffff" : "#111418";
}

export function applyBranding(branding: Branding): void {
  const root = document.documentElement;
  const color = /^#[0-9a-fA-F]{6}$/.test(branding.color ?? "") ? branding.color! : "#1f5fbf";
  root.dataset.theme = branding.theme === "dark" ? "dark" : "light";
  root.style.setProperty("--brand", color);
  root.style.setProperty("--on-brand", onColor(color));
  root.style.setProperty("--radius-button", RADIUS[branding.button_shape ?? "rounded"] ?? RADIUS.rounded);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", color);
}

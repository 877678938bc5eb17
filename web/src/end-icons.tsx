// Icons for the end pages and the footer, drawn as inline SVG in the text colour: emoji depend on the
// device's emoji font and show as empty boxes where it has none (desktop Linux, kiosks, some Android builds).
import type { ComponentChildren, JSX } from "preact";

export type EndIconName = "done" | "review" | "expired" | "abandoned" | "not_found" | "sent";

// Functions, so importing this module (the step-contract tests do, outside the page build) draws nothing.
const SHAPES: Record<EndIconName, () => JSX.Element> = {
  done: () => (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </>
  ),
  review: () => (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M12 7v5l3.5 2" />
    </>
  ),
  expired: () => <path d="M7 3h10M7 21h10M8 3c0 5 4 7 4 9s-4 4-4 9M16 3c0 5-4 7-4 9s4 4 4 9M10 18.5h4" />,
  abandoned: () => (
    <>
      <circle cx="12" cy="12" r="10" />
      <path d="M9 9l6 6M15 9l-6 6" />
    </>
  ),
  not_found: () => (
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  ),
  sent: () => (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3.5 6.5l8.5 6.5 8.5-6.5" />
    </>
  ),
};

/** A 24-unit line icon in the text colour, hidden from screen readers (the text beside it says it all). */
function LineIcon(props: { class: string; size: number; stroke: number; children: ComponentChildren }) {
  return (
    <svg
      class={props.class}
      viewBox="0 0 24 24"
      width={props.size}
      height={props.size}
      fill="none"
      stroke="currentColor"
      stroke-width={props.stroke}
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      {props.children}
    </svg>
  );
}

export function EndIcon({ name }: { name: EndIconName }) {
  return (
    <LineIcon class={`end-icon end-icon-${name}`} size={52} stroke={1.8}>
      {SHAPES[name]()}
    </LineIcon>
  );
}

/** The footer's padlock, sized to the text beside it. */
export function LockIcon() {
  return (
    <LineIcon class="lock-icon" size={14} stroke={2.2}>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V8a4 4 0 0 1 8 0v3" />
    </LineIcon>
  );
}

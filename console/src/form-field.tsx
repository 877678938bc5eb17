// The labelled fields and the error line the console's forms share.
import type { ComponentChildren, InputHTMLAttributes } from "preact";

/** A label over one control, sized like its neighbours in a `.filters` row (`grow` takes the rest). */
export function Field(props: {
  id: string;
  label: ComponentChildren;
  grow?: boolean;
  children: ComponentChildren;
}) {
  return (
    <div class={props.grow ? "field grow" : "field"}>
      <label for={props.id}>{props.label}</label>
      {props.children}
    </div>
  );
}

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "label" | "value" | "onInput">;

/** A text (or date, number…) input bound to a string. */
export function TextField(
  props: InputAttributes & {
    id: string;
    label: ComponentChildren;
    value: string;
    onValue: (value: string) => void;
    grow?: boolean;
  },
) {
  const { id, label, value, onValue, grow, ...input } = props;
  return (
    <Field id={id} label={label} grow={grow}>
      <input {...input} id={id} value={value} onInput={(event) => onValue(event.currentTarget.value)} />
    </Field>
  );
}

/** The page's last refusal, read out when it appears. */
export function ErrorLine(props: { message: string | null | undefined }) {
  if (!props.message) return null;
  return (
    <p class="error" role="alert">
      {props.message}
    </p>
  );
}

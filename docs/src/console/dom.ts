// The two DOM helpers every part of the panel builds with.

/** A child of an element: a node or text. */
export type Child = Node | string;

/** Creates `<tag>` with attributes and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

/**
 * A labelled form field: the label's name (exactly as given, e.g. a parameter's name as the spec writes it), an
 * optional note beside it (`query, required`), the control, and an optional hint after it.
 */
export function field(
  label: string,
  control: HTMLElement,
  extra?: Child,
  note?: string,
): HTMLLabelElement {
  return h(
    "label",
    { class: "mp-field" },
    h(
      "span",
      { class: "mp-label" },
      h("span", { class: "mp-name" }, label),
      ...(note ? [" ", h("small", { class: "mp-where" }, note)] : []),
    ),
    control,
    ...(extra ? [extra] : []),
  );
}

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

/** A labelled form field: the label's text, the control, and an optional hint after it. */
export function field(label: string, control: HTMLElement, extra?: Child): HTMLLabelElement {
  return h(
    "label",
    { class: "mp-field" },
    h("span", {}, label),
    control,
    ...(extra ? [extra] : []),
  );
}

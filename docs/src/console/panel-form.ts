// The form of one Try-it panel: its controls (base URL, credentials, parameters, example, body editors, the
// buttons and the notes beside them) and their layout. No behaviour: panel.ts wires them.
import type { Issue, Json, OperationSpec } from "@merchant-payments/spec/model";
import { type Child, field, h } from "./dom.js";
import {
  apiKeyInputs,
  type BodyEditor,
  bodyEditors,
  type ParameterInputs,
  parameterInputs,
} from "./editors.js";
import {
  defaultAcceptLanguage,
  derivedHeaders,
  requestExamples,
  type Settings,
  takesAcceptLanguage,
} from "./request.js";
import { apiKeySchemes, noCredentialsNote, takesToken } from "./security.js";

/** The controls of one panel's form, and the form holding them. */
export interface PanelForm {
  /** The form itself. */
  readonly form: HTMLFormElement;
  /** Base URL of the server, shared by every panel. */
  readonly baseUrl: HTMLInputElement;
  /** Bearer token, shared by every panel (in the form only when the operation takes one). */
  readonly token: HTMLInputElement;
  /** Whether the token is remembered on this device. */
  readonly remember: HTMLInputElement;
  /** The operation's request examples (in the form only when there are several). */
  readonly exampleSelect: HTMLSelectElement;
  /** The `Accept-Language` header sent (in the form only when the operation takes one). */
  readonly acceptLanguage: HTMLInputElement;
  /** The parameter fields. */
  readonly parameters: ParameterInputs;
  /** The API key fields, one per `apiKey` scheme of the operation. */
  readonly apiKeys: ReturnType<typeof apiKeyInputs>;
  /** One body editor per request media type (none without a body). */
  readonly editors: readonly BodyEditor[];
  /** The media type sent (in the form only when there are several). */
  readonly mediaSelect: HTMLSelectElement;
  /** The list of the headers taken from the body. */
  readonly derived: HTMLDListElement;
  /** Why the request is not sent. */
  readonly problems: HTMLUListElement;
  /** The submit button. */
  readonly send: HTMLButtonElement;
  /** Shown when the console finds the request invalid: sends it as entered. */
  readonly sendAnyway: HTMLButtonElement;
  /** One line on the send: sending, not sent and why, no answer. */
  readonly note: HTMLParagraphElement;
}

/** A one-element list of `child` when `shown`, else none: a part of the form only some operations have. */
function when(shown: boolean, child: () => Child): Child[] {
  return shown ? [child()] : [];
}

/** The list items of `issues`: each place (`(body)` for the root) and message. */
export function issueItems(issues: readonly Issue[]): HTMLLIElement[] {
  return issues.map((p) => h("li", {}, h("code", {}, p.path || "(body)"), ` ${p.message}`));
}

/** The JSON body editor's text area, when the operation has a JSON body. */
export function jsonBodyField(
  op: OperationSpec,
  form: Pick<PanelForm, "editors">,
): HTMLTextAreaElement | undefined {
  return (
    form.editors
      .find((e) => e.media === op.request)
      ?.element.querySelector<HTMLTextAreaElement>('[name="body"]') ?? undefined
  );
}

/** Shows the headers taken from the JSON body as it now reads (or where each comes from, before it parses). */
export function showDerived(op: OperationSpec, form: PanelForm): void {
  form.derived.replaceChildren();
  let parsed: unknown;
  try {
    parsed = JSON.parse(jsonBodyField(op, form)?.value ?? "");
  } catch {
    parsed = undefined;
  }
  for (const header of op.headers.filter((x) => x.equalsBodyProperty)) {
    const value = derivedHeaders(op, parsed).find(([name]) => name === header.name)?.[1];
    form.derived.append(
      h("dt", {}, header.name),
      h("dd", {}, value ?? `(from ${header.equalsBodyProperty} in the body)`),
    );
  }
}

/** Shows the editor of the chosen media type only. */
export function showEditor(form: PanelForm): void {
  for (const editor of form.editors)
    editor.element.hidden = editor.media.mediaType !== form.mediaSelect.value;
}

/** A select of `values`, each its own label. */
function select(name: string, values: readonly string[]): HTMLSelectElement {
  const element = h("select", { name });
  for (const value of values) element.append(h("option", { value }, value));
  return element;
}

/** The controls of `op`'s form, filled from `settings` (the base URL from the served mock when there is one). */
function controls(
  op: OperationSpec,
  document: Json,
  settings: Settings,
  servedMockUrl: string | undefined,
  onBodyInput: () => void,
): Omit<PanelForm, "form"> {
  const baseUrl = h("input", { name: "baseUrl", type: "url", spellcheck: "false" });
  baseUrl.value = servedMockUrl ?? settings.baseUrl;
  const token = h("input", { name: "token", type: "password", autocomplete: "off" });
  token.value = settings.token;
  const remember = h("input", { name: "remember", type: "checkbox" });
  remember.checked = settings.token !== "";
  const acceptLanguage = h("input", { name: "acceptLanguage", type: "text" });
  acceptLanguage.value = defaultAcceptLanguage(op);
  const editors = bodyEditors(document, op, onBodyInput);
  return {
    baseUrl,
    token,
    remember,
    exampleSelect: select(
      "example",
      requestExamples(op).map((e) => e.name),
    ),
    acceptLanguage,
    parameters: parameterInputs(op),
    apiKeys: apiKeyInputs(op),
    editors,
    mediaSelect: select(
      "mediaType",
      editors.map((e) => e.media.mediaType),
    ),
    derived: h("dl", { class: "mp-derived" }),
    problems: h("ul", { class: "mp-problems", role: "alert" }),
    send: h("button", { type: "submit", class: "mp-send" }, "Send"),
    // Shown when the console finds the request invalid: sends it as entered (to see how the server answers it,
    // e.g. its documented 422), the console's findings kept beside the answer.
    sendAnyway: h("button", { type: "button", class: "mp-send-anyway", hidden: "" }, "Send anyway"),
    note: h("p", { class: "mp-note", "aria-live": "polite" }),
  };
}

/** The credentials part of the form: the token (with "remember"), the API keys, or a note that none are sent. */
function credentialFields(op: OperationSpec, c: Omit<PanelForm, "form">): Child[] {
  return [
    ...when(takesToken(op), () =>
      h(
        "div",
        { class: "mp-token" },
        field("Token", c.token),
        h("label", { class: "mp-remember" }, c.remember, " remember on this device"),
      ),
    ),
    ...c.apiKeys.elements,
    ...when(!takesToken(op) && apiKeySchemes(op).length === 0, () =>
      h("p", { class: "mp-no-credentials" }, noCredentialsNote(op)),
    ),
  ];
}

/** Builds the form of `op`: base URL, credentials, parameters, example, headers, body, problems and buttons. */
export function createPanelForm(
  op: OperationSpec,
  document: Json,
  settings: Settings,
  servedMockUrl: string | undefined,
  onBodyInput: () => void,
): PanelForm {
  const c = controls(op, document, settings, servedMockUrl, onBodyInput);
  const form = h(
    "form",
    { class: "mp-form", novalidate: "" },
    field("Base URL", c.baseUrl),
    ...credentialFields(op, c),
    ...c.parameters.elements,
    ...when(requestExamples(op).length > 1, () => field("Example", c.exampleSelect)),
    ...when(takesAcceptLanguage(op), () => field("Accept-Language", c.acceptLanguage)),
    ...when(
      op.headers.some((x) => x.equalsBodyProperty),
      () =>
        h(
          "div",
          { class: "mp-field" },
          h("span", { class: "mp-label" }, "Headers from the body"),
          c.derived,
        ),
    ),
    ...when(c.editors.length > 1, () => field("Content type", c.mediaSelect)),
    ...c.editors.map((e) => e.element),
    c.problems,
    h("div", { class: "mp-actions" }, c.send, c.sendAnyway, c.note),
  );
  return { form, ...c };
}

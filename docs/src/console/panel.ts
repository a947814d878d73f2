// The Try-it panel of one operation: form, send, answer. The decisions live in request.ts; this file is the DOM.
import { checkResponse, type OperationSpec, type SpecAjv } from "@merchant-payments/spec/model";
import {
  checkBody,
  confirmationQuestion,
  curlLine,
  defaultAcceptLanguage,
  derivedHeaders,
  exampleText,
  loadSettings,
  needsConfirmation,
  type PreparedRequest,
  prepareRequest,
  prettyBody,
  REQUEST_TIMEOUT_MS,
  type RequestProblem,
  requestExamples,
  type SettingsStorage,
  saveSettings,
  takesAcceptLanguage,
} from "./request.js";

/** What every panel of the page shares: the validators, the storage, and the fields typed once for all. */
export interface ConsoleContext {
  /** The project's validators (generated from `createAjv`). */
  readonly specAjv: SpecAjv;
  /** Where settings are remembered (`localStorage`), if the page may use it. */
  readonly storage: SettingsStorage | undefined;
  /** Every panel created so far, to keep base URL and token the same in all of them. */
  readonly panels: Set<HTMLElement>;
}

type Child = Node | string;

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.append(...children);
  return element;
}

function field(label: string, control: HTMLElement, extra?: Child): HTMLLabelElement {
  return h(
    "label",
    { class: "mp-field" },
    h("span", {}, label),
    control,
    ...(extra ? [extra] : []),
  );
}

/** Copies base URL, token and "remember" from one panel to every other. */
function share(context: ConsoleContext, from: HTMLElement, name: string): void {
  const source = from.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!source) return;
  for (const panel of context.panels) {
    if (panel === from) continue;
    const target = panel.querySelector<HTMLInputElement>(`[name="${name}"]`);
    if (!target) continue;
    if (target.type === "checkbox") target.checked = source.checked;
    else target.value = source.value;
  }
}

/**
 * The badge of an answer: a success that conforms (green), an error status the spec documents, answered as documented
 * (amber: the call failed, as the spec says it may), or an answer that breaks the spec (red, naming where).
 */
export function answerBadge(
  status: number,
  conforms: boolean,
  issues: readonly { path: string; check: string }[],
): { className: string; text: string } {
  if (!conforms) {
    const named = [...new Set(issues.map((i) => i.path || i.check))];
    return { className: "mp-violates", text: `does not conform: ${named.join(", ")}` };
  }
  if (status >= 400)
    return { className: "mp-documented-error", text: `error ${status}, as documented` };
  return { className: "mp-conforms", text: "conforms" };
}

/** Builds the Try-it panel of `op`. */
export function createPanel(op: OperationSpec, context: ConsoleContext): HTMLElement {
  const settings = loadSettings(context.storage);
  const examples = requestExamples(op);
  const id = `mp-try-it-${op.operationId}`;

  const baseUrl = h("input", { name: "baseUrl", type: "url", spellcheck: "false" });
  baseUrl.value = settings.baseUrl;
  const token = h("input", { name: "token", type: "password", autocomplete: "off" });
  token.value = settings.token;
  const remember = h("input", { name: "remember", type: "checkbox" });
  remember.checked = settings.token !== "";
  const exampleSelect = h("select", { name: "example" });
  for (const example of examples)
    exampleSelect.append(h("option", { value: example.name }, example.name));
  const acceptLanguage = h("input", { name: "acceptLanguage", type: "text" });
  acceptLanguage.value = defaultAcceptLanguage(op);
  const body = h("textarea", { name: "body", spellcheck: "false", rows: "12" });
  body.value = exampleText(examples[0]?.value);
  const derived = h("dl", { class: "mp-derived" });
  const problems = h("ul", { class: "mp-problems", role: "alert" });
  const send = h("button", { type: "submit", class: "mp-send" }, "Send");
  const note = h("p", { class: "mp-note", "aria-live": "polite" });
  const status = h("span", { class: "mp-status" });
  const time = h("span", { class: "mp-time" });
  const badge = h("span", { class: "mp-badge" });
  const issues = h("ul", { class: "mp-issues" });
  const headers = h("pre", { class: "mp-headers" });
  const answer = h("pre", { class: "mp-body" });
  const curl = h("pre", { class: "mp-curl" });
  const result = h(
    "div",
    { class: "mp-result", hidden: "" },
    h("div", { class: "mp-summary" }, status, time, badge),
    issues,
    h("details", {}, h("summary", {}, "Response headers"), headers),
    answer,
  );

  const showDerived = () => {
    derived.replaceChildren();
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.value);
    } catch {
      parsed = undefined;
    }
    for (const header of op.headers.filter((x) => x.equalsBodyProperty)) {
      const value = derivedHeaders(op, parsed).find(([name]) => name === header.name)?.[1];
      derived.append(
        h("dt", {}, header.name),
        h("dd", {}, value ?? `(from ${header.equalsBodyProperty} in the body)`),
      );
    }
  };
  const showProblems = (list: readonly RequestProblem[]) => {
    problems.replaceChildren(
      ...list.map((p) => h("li", {}, h("code", {}, p.path || "(body)"), ` ${p.message}`)),
    );
  };

  const form = h(
    "form",
    { class: "mp-form", novalidate: "" },
    field("Base URL", baseUrl),
    h(
      "div",
      { class: "mp-token" },
      field("Token", token),
      h("label", { class: "mp-remember" }, remember, " remember on this device"),
    ),
    ...(examples.length > 1 ? [field("Example", exampleSelect)] : []),
    ...(takesAcceptLanguage(op) ? [field("Accept-Language", acceptLanguage)] : []),
    ...(op.headers.some((x) => x.equalsBodyProperty)
      ? [h("div", { class: "mp-field" }, h("span", {}, "Headers from the body"), derived)]
      : []),
    field("Request body (JSON)", body),
    problems,
    h("div", { class: "mp-actions" }, send, note),
  );
  const panel = h(
    "section",
    { class: "mp-try-it", "data-try-it": op.operationId, "aria-labelledby": id },
    h("h3", { id }, "Try it"),
    form,
    result,
    h("div", { class: "mp-curl-box" }, h("span", {}, "curl"), curl),
  );
  context.panels.add(panel);
  showDerived();

  const remembered = () =>
    saveSettings(context.storage, {
      baseUrl: baseUrl.value.trim(),
      token: token.value,
      remember: remember.checked,
    });
  baseUrl.addEventListener("input", () => {
    share(context, panel, "baseUrl");
    remembered();
  });
  token.addEventListener("input", () => {
    share(context, panel, "token");
    if (remember.checked) remembered();
  });
  remember.addEventListener("change", () => {
    share(context, panel, "remember");
    remembered();
  });
  exampleSelect.addEventListener("change", () => {
    body.value = exampleText(examples.find((e) => e.name === exampleSelect.value)?.value);
    showDerived();
  });
  body.addEventListener("input", showDerived);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit();
  });

  /** Removes the previous answer and curl line: nothing on screen may look like the answer to this send. */
  const clearAnswer = () => {
    result.hidden = true;
    for (const element of [status, time, badge, issues, headers, answer, curl])
      element.replaceChildren();
    badge.className = "mp-badge";
    delete status.dataset.status;
  };

  async function submit(): Promise<void> {
    showProblems([]);
    clearAnswer();
    note.textContent = "";
    const checked = checkBody(context.specAjv, op, body.value);
    if (!checked.ok) {
      showProblems(checked.problems);
      note.textContent = "Not sent: the body does not match the spec.";
      return;
    }
    let request: PreparedRequest;
    try {
      request = prepareRequest(op, {
        baseUrl: baseUrl.value,
        token: token.value,
        acceptLanguage: acceptLanguage.value,
        body: checked.body,
      });
    } catch (error) {
      showProblems([{ path: "", message: (error as Error).message }]);
      note.textContent = "Not sent.";
      return;
    }
    if (
      needsConfirmation(op, request.url) &&
      !window.confirm(confirmationQuestion(op, request.url))
    ) {
      note.textContent = "Not sent: cancelled.";
      return;
    }
    remembered();
    curl.textContent = curlLine(request);
    send.disabled = true;
    note.textContent = "Sending…";
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers.map(([name, value]) => [name, value]),
        body: request.body,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        credentials: "omit",
        cache: "no-store",
        redirect: "manual",
        referrerPolicy: "no-referrer",
      });
      const text = await response.text();
      const elapsed = Math.round(performance.now() - started);
      const received = Object.fromEntries(response.headers.entries());
      const conformance = checkResponse(context.specAjv, op, {
        status: response.status,
        headers: received,
        body: text,
      });
      status.textContent = `${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
      status.dataset.status = String(response.status);
      time.textContent = `${elapsed} ms`;
      const shown = answerBadge(response.status, conformance.conforms, conformance.issues);
      badge.className = `mp-badge ${shown.className}`;
      badge.textContent = shown.text;
      issues.replaceChildren(
        ...conformance.issues.map((i) =>
          h("li", {}, h("code", {}, i.path || i.check), ` ${i.message}`),
        ),
      );
      headers.textContent = Object.entries(received)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n");
      answer.textContent = prettyBody(text);
      result.hidden = false;
      note.textContent = "";
    } catch (error) {
      const reason =
        (error as Error).name === "TimeoutError"
          ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s`
          : String(error);
      note.textContent = `No answer from ${request.url}: ${reason}. Is the server running, and does it allow this page (CORS)?`;
      result.hidden = true;
    } finally {
      send.disabled = false;
    }
  }

  return panel;
}

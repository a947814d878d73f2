// The Try-it panel of one operation: form, send, answer. The decisions live in request.ts; this file is the DOM.
import {
  baseMediaType,
  checkResponse,
  formatIssues,
  type Issue,
  type Json,
  type OperationSpec,
  type SpecAjv,
} from "@merchant-payments/spec/model";
import {
  answerBadge,
  bodyView,
  declaredHeaders,
  downloadName,
  isTextual,
  nextCursor,
} from "./answer.js";
import { field, h } from "./dom.js";
import { apiKeyInputs, type BodyEditor, bodyEditors, parameterInputs } from "./editors.js";
import {
  confirmationQuestion,
  curlLine,
  defaultAcceptLanguage,
  derivedHeaders,
  exampleText,
  loadSettings,
  needsConfirmation,
  type PreparedRequest,
  prepareRequest,
  REQUEST_TIMEOUT_MS,
  requestExamples,
  type SettingsStorage,
  saveSettings,
  takesAcceptLanguage,
} from "./request.js";
import { apiKeySchemes, noCredentialsNote, takesToken } from "./security.js";

export { answerBadge } from "./answer.js";

/** What every panel of the page shares: the validators, the storage, and the fields typed once for all. */
export interface ConsoleContext {
  /** The project's validators (generated from `createAjv`). */
  readonly specAjv: SpecAjv;
  /** The document the page renders (for the schemas of form bodies). */
  readonly document: Json;
  /** Where settings are remembered (`localStorage`), if the page may use it. */
  readonly storage: SettingsStorage | undefined;
  /** Every panel created so far, to keep base URL and token the same in all of them. */
  readonly panels: Set<HTMLElement>;
  /** The mock the page was served with (`pnpm start`, `pnpm docs:serve`): the base URL every panel starts with. */
  readonly servedMockUrl?: string;
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

/** Builds the Try-it panel of `op`. */
export function createPanel(op: OperationSpec, context: ConsoleContext): HTMLElement {
  const settings = loadSettings(context.storage);
  const examples = requestExamples(op);
  const id = `mp-try-it-${op.operationId}`;

  const baseUrl = h("input", { name: "baseUrl", type: "url", spellcheck: "false" });
  baseUrl.value = context.servedMockUrl ?? settings.baseUrl;
  const token = h("input", { name: "token", type: "password", autocomplete: "off" });
  token.value = settings.token;
  const remember = h("input", { name: "remember", type: "checkbox" });
  remember.checked = settings.token !== "";
  const exampleSelect = h("select", { name: "example" });
  for (const example of examples)
    exampleSelect.append(h("option", { value: example.name }, example.name));
  const acceptLanguage = h("input", { name: "acceptLanguage", type: "text" });
  acceptLanguage.value = defaultAcceptLanguage(op);
  const parameters = parameterInputs(op);
  const apiKeys = apiKeyInputs(op);
  const editors = bodyEditors(context.document, op, () => showDerived());
  const mediaSelect = h("select", { name: "mediaType" });
  for (const editor of editors)
    mediaSelect.append(h("option", { value: editor.media.mediaType }, editor.media.mediaType));
  const jsonBody = () =>
    editors
      .find((e) => e.media === op.request)
      ?.element.querySelector<HTMLTextAreaElement>('[name="body"]') ?? undefined;
  const derived = h("dl", { class: "mp-derived" });
  const problems = h("ul", { class: "mp-problems", role: "alert" });
  const send = h("button", { type: "submit", class: "mp-send" }, "Send");
  // Shown when the console finds the request invalid: sends it as entered (to see how the server answers it, e.g.
  // its documented 422), the console's findings kept beside the answer.
  const sendAnyway = h(
    "button",
    { type: "button", class: "mp-send-anyway", hidden: "" },
    "Send anyway",
  );
  const warning = h("div", { class: "mp-sent-anyway", role: "note", hidden: "" });
  const note = h("p", { class: "mp-note", "aria-live": "polite" });
  const status = h("span", { class: "mp-status" });
  const time = h("span", { class: "mp-time" });
  const badge = h("span", { class: "mp-badge" });
  const issues = h("ul", { class: "mp-issues" });
  const declared = h("dl", { class: "mp-declared" });
  const headers = h("pre", { class: "mp-headers" });
  const answer = h("pre", { class: "mp-body" });
  const download = h("p", { class: "mp-download" });
  const nextPage = h("button", { type: "button", class: "mp-next-page", hidden: "" }, "Next page");
  const curl = h("pre", { class: "mp-curl" });
  const result = h(
    "div",
    { class: "mp-result", hidden: "" },
    h("div", { class: "mp-summary" }, status, time, badge),
    warning,
    issues,
    declared,
    h("details", {}, h("summary", {}, "Response headers"), headers),
    answer,
    download,
    nextPage,
  );

  const showDerived = () => {
    derived.replaceChildren();
    let parsed: unknown;
    try {
      parsed = JSON.parse(jsonBody()?.value ?? "");
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
  const showProblems = (list: readonly Issue[]) => {
    problems.replaceChildren(
      ...list.map((p) => h("li", {}, h("code", {}, p.path || "(body)"), ` ${p.message}`)),
    );
  };
  const showEditor = () => {
    for (const editor of editors)
      editor.element.hidden = editor.media.mediaType !== mediaSelect.value;
  };
  const noCredentials = !takesToken(op) && apiKeySchemes(op).length === 0;

  const form = h(
    "form",
    { class: "mp-form", novalidate: "" },
    field("Base URL", baseUrl),
    ...(takesToken(op)
      ? [
          h(
            "div",
            { class: "mp-token" },
            field("Token", token),
            h("label", { class: "mp-remember" }, remember, " remember on this device"),
          ),
        ]
      : []),
    ...apiKeys.elements,
    ...(noCredentials ? [h("p", { class: "mp-no-credentials" }, noCredentialsNote(op))] : []),
    ...parameters.elements,
    ...(examples.length > 1 ? [field("Example", exampleSelect)] : []),
    ...(takesAcceptLanguage(op) ? [field("Accept-Language", acceptLanguage)] : []),
    ...(op.headers.some((x) => x.equalsBodyProperty)
      ? [
          h(
            "div",
            { class: "mp-field" },
            h("span", { class: "mp-label" }, "Headers from the body"),
            derived,
          ),
        ]
      : []),
    ...(editors.length > 1 ? [field("Content type", mediaSelect)] : []),
    ...editors.map((e) => e.element),
    problems,
    h("div", { class: "mp-actions" }, send, sendAnyway, note),
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
  showEditor();

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
  for (const element of apiKeys.elements) {
    const input = element.querySelector("input");
    input?.addEventListener("input", () => share(context, panel, input.name));
  }
  exampleSelect.addEventListener("change", () => {
    const body = jsonBody();
    if (body) body.value = exampleText(examples.find((e) => e.name === exampleSelect.value)?.value);
    showDerived();
  });
  mediaSelect.addEventListener("change", showEditor);

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit(false);
  });
  sendAnyway.addEventListener("click", () => void submit(true));

  let downloadUrl: string | undefined;
  /** Removes the previous answer and curl line: nothing on screen may look like the answer to this send. */
  const clearAnswer = () => {
    result.hidden = true;
    for (const element of [status, time, badge, issues, declared, headers, answer, download, curl])
      element.replaceChildren();
    badge.className = "mp-badge";
    delete status.dataset.status;
    delete answer.dataset.kind;
    nextPage.hidden = true;
    if (downloadUrl) URL.revokeObjectURL(downloadUrl);
    downloadUrl = undefined;
    warning.hidden = true;
    warning.replaceChildren();
    sendAnyway.hidden = true;
  };

  /** The chosen body editor's payload, or the problems that keep it from being sent. */
  const readBody = (editor: BodyEditor | undefined) =>
    editor ? editor.read(context.specAjv) : ({ ok: true, payload: undefined } as const);

  /**
   * Reads and checks the form: the request to send, or undefined when it is not sent (the reason shown). `anyway`:
   * even when the console finds it invalid, its findings then kept as a warning beside the answer.
   */
  function readRequest(anyway: boolean): PreparedRequest | undefined {
    const params = parameters.read(context.specAjv);
    const editor = editors.find((e) => e.media.mediaType === mediaSelect.value) ?? editors[0];
    const body = readBody(editor);
    const found = [...params.issues, ...(body.ok ? [] : body.issues)];
    const uncheckedBody = body.ok ? body.payload : editor?.readUnchecked?.();
    if (found.length > 0 || !body.ok) {
      const canForce = body.ok || uncheckedBody !== undefined;
      if (!anyway || !canForce) {
        showProblems(found);
        note.textContent = `Not sent: the request does not match the spec (${formatIssues(found, 3)}).`;
        sendAnyway.hidden = !canForce;
        return undefined;
      }
      warning.hidden = false;
      warning.append(
        h("strong", {}, "Sent anyway: the console found the request invalid"),
        h(
          "ul",
          { class: "mp-problems" },
          ...found.map((p) => h("li", {}, h("code", {}, p.path || "(body)"), ` ${p.message}`)),
        ),
      );
    }
    let request: PreparedRequest;
    try {
      request = prepareRequest(op, {
        baseUrl: baseUrl.value,
        token: token.value,
        acceptLanguage: acceptLanguage.value,
        ...(uncheckedBody ? { payload: uncheckedBody } : {}),
        parameters: params.values,
        apiKeys: apiKeys.read(),
      });
    } catch (error) {
      showProblems([{ path: "", message: (error as Error).message }]);
      note.textContent = "Not sent.";
      return undefined;
    }
    if (
      needsConfirmation(op, request.url) &&
      !window.confirm(confirmationQuestion(op, request.url))
    ) {
      note.textContent = "Not sent: cancelled.";
      return undefined;
    }
    return request;
  }

  /** Sends the form; `anyway`: even when the console finds the request invalid (its findings kept beside the answer). */
  async function submit(anyway: boolean): Promise<void> {
    showProblems([]);
    clearAnswer();
    note.textContent = "";
    const request = readRequest(anyway);
    if (!request) return;
    remembered();
    curl.textContent = curlLine(request);
    send.disabled = true;
    note.textContent = "Sending…";
    const started = performance.now();
    try {
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers.map(([name, value]): [string, string] => [name, value]),
        ...(request.body === undefined ? {} : { body: request.body }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        credentials: "omit",
        cache: "no-store",
        redirect: "manual",
        referrerPolicy: "no-referrer",
      });
      const bytes = await response.arrayBuffer();
      const elapsed = Math.round(performance.now() - started);
      const contentType = response.headers.get("content-type");
      const textual = isTextual(baseMediaType(contentType ?? ""));
      const text = textual || !contentType ? new TextDecoder().decode(bytes) : "";
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
          h("li", {}, h("code", {}, i.path || i.check || ""), ` ${i.message}`),
        ),
      );
      for (const [name, value] of declaredHeaders(op, response.status, received))
        declared.append(
          h("dt", {}, name),
          h("dd", {}, value ?? "(not readable here: not sent, or not exposed to the page by CORS)"),
        );
      headers.textContent = Object.entries(received)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n");
      const view = bodyView(response.status, request.method, contentType, bytes.byteLength, text);
      answer.textContent = view.text;
      answer.dataset.kind = view.kind;
      if (view.kind === "binary") {
        downloadUrl = URL.createObjectURL(new Blob([bytes], { type: view.type }));
        download.append(
          h(
            "a",
            { href: downloadUrl, download: downloadName(op, view.type) },
            "Download the answer",
          ),
        );
      }
      const cursor = nextCursor(op, conformance.json);
      const cursorField = op.pagination
        ? form.querySelector<HTMLInputElement>(`[name="param-query-${op.pagination.cursor}"]`)
        : null;
      if (cursor !== undefined && cursorField) {
        nextPage.hidden = false;
        nextPage.onclick = () => {
          cursorField.value = cursor;
          form.requestSubmit();
        };
      }
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

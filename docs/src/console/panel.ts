// The Try-it panel of one operation: form, send, answer. The decisions live in request.ts and answer.ts; the form's
// DOM is panel-form.ts, the answer's answer-view.ts; this file wires them: settings shared, request read, sent.
import {
  formatIssues,
  type Issue,
  type Json,
  type OperationSpec,
  type SpecAjv,
} from "@merchant-payments/spec/model";
import { type AnswerView, createAnswerView } from "./answer-view.js";
import { h } from "./dom.js";
import {
  createPanelForm,
  issueItems,
  jsonBodyField,
  type PanelForm,
  showDerived,
  showEditor,
} from "./panel-form.js";
import {
  confirmationQuestion,
  curlLine,
  exampleText,
  loadSettings,
  needsConfirmation,
  type PreparedRequest,
  prepareRequest,
  REQUEST_TIMEOUT_MS,
  requestExamples,
  type SettingsStorage,
  saveSettings,
} from "./request.js";

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

/** One panel's parts, as its handlers need them. */
interface Panel {
  readonly op: OperationSpec;
  readonly context: ConsoleContext;
  readonly element: HTMLElement;
  readonly form: PanelForm;
  readonly answer: AnswerView;
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

/** Saves base URL, token and "remember" (the token only when remembered). */
function remember(panel: Panel): void {
  const { baseUrl, token, remember } = panel.form;
  saveSettings(panel.context.storage, {
    baseUrl: baseUrl.value.trim(),
    token: token.value,
    remember: remember.checked,
  });
}

/** Keeps base URL, token, "remember" and API keys the same in every panel, and remembered as asked. */
function shareSettings(panel: Panel): void {
  const { context, element, form } = panel;
  form.baseUrl.addEventListener("input", () => {
    share(context, element, "baseUrl");
    remember(panel);
  });
  form.token.addEventListener("input", () => {
    share(context, element, "token");
    if (form.remember.checked) remember(panel);
  });
  form.remember.addEventListener("change", () => {
    share(context, element, "remember");
    remember(panel);
  });
  for (const field of form.apiKeys.elements) {
    const input = field.querySelector("input");
    input?.addEventListener("input", () => share(context, element, input.name));
  }
}

/** Shows why the request is not sent (an empty list: nothing). */
function showProblems(form: PanelForm, list: readonly Issue[]): void {
  form.problems.replaceChildren(...issueItems(list));
}

/**
 * Reads and checks the form: the request to send, or undefined when it is not sent (the reason shown). `anyway`:
 * even when the console finds it invalid, its findings then kept as a warning beside the answer.
 */
function readRequest(panel: Panel, anyway: boolean): PreparedRequest | undefined {
  const { op, context, form } = panel;
  const params = form.parameters.read(context.specAjv);
  const editor =
    form.editors.find((e) => e.media.mediaType === form.mediaSelect.value) ?? form.editors[0];
  const body = editor ? editor.read(context.specAjv) : ({ ok: true, payload: undefined } as const);
  const found = [...params.issues, ...(body.ok ? [] : body.issues)];
  const uncheckedBody = body.ok ? body.payload : editor?.readUnchecked?.();
  if (found.length > 0 || !body.ok) {
    const canForce = body.ok || uncheckedBody !== undefined;
    if (!anyway || !canForce) {
      showProblems(form, found);
      form.note.textContent = `Not sent: the request does not match the spec (${formatIssues(found, 3)}).`;
      form.sendAnyway.hidden = !canForce;
      return undefined;
    }
    panel.answer.warning.hidden = false;
    panel.answer.warning.append(
      h("strong", {}, "Sent anyway: the console found the request invalid"),
      h("ul", { class: "mp-problems" }, ...issueItems(found)),
    );
  }
  let request: PreparedRequest;
  try {
    request = prepareRequest(op, {
      baseUrl: form.baseUrl.value,
      token: form.token.value,
      acceptLanguage: form.acceptLanguage.value,
      ...(uncheckedBody ? { payload: uncheckedBody } : {}),
      parameters: params.values,
      apiKeys: form.apiKeys.read(),
    });
  } catch (error) {
    showProblems(form, [{ path: "", message: (error as Error).message }]);
    form.note.textContent = "Not sent.";
    return undefined;
  }
  if (
    needsConfirmation(op, request.url) &&
    !window.confirm(confirmationQuestion(op, request.url))
  ) {
    form.note.textContent = "Not sent: cancelled.";
    return undefined;
  }
  return request;
}

/** What the next-page button does with a cursor: puts it in the cursor field and sends again (none without one). */
function nextPageAction(panel: Panel): ((cursor: string) => void) | undefined {
  const { op, form } = panel;
  const cursorField = op.pagination
    ? form.form.querySelector<HTMLInputElement>(`[name="param-query-${op.pagination.cursor}"]`)
    : null;
  if (!cursorField) return undefined;
  return (cursor) => {
    cursorField.value = cursor;
    form.form.requestSubmit();
  };
}

/** Sends `request` from the page and shows the answer, or why none came. */
async function sendAndShow(panel: Panel, request: PreparedRequest): Promise<void> {
  const { form } = panel;
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
    const elapsedMs = Math.round(performance.now() - started);
    const { status, statusText, headers } = response;
    panel.answer.show(
      panel.op,
      panel.context.specAjv,
      request,
      { status, statusText, headers, bytes, elapsedMs },
      nextPageAction(panel),
    );
    form.note.textContent = "";
  } catch (error) {
    const reason =
      (error as Error).name === "TimeoutError"
        ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s`
        : String(error);
    form.note.textContent = `No answer from ${request.url}: ${reason}. Is the server running, and does it allow this page (CORS)?`;
    panel.answer.result.hidden = true;
  }
}

/** Sends the form; `anyway`: even when the console finds the request invalid (its findings kept beside the answer). */
async function submit(panel: Panel, anyway: boolean): Promise<void> {
  const { form } = panel;
  showProblems(form, []);
  panel.answer.clear();
  form.sendAnyway.hidden = true;
  form.note.textContent = "";
  const request = readRequest(panel, anyway);
  if (!request) return;
  remember(panel);
  panel.answer.curl.textContent = curlLine(request);
  form.send.disabled = true;
  form.note.textContent = "Sending…";
  try {
    await sendAndShow(panel, request);
  } finally {
    form.send.disabled = false;
  }
}

/** Wires the form: the example and media type choices, send and send anyway. */
function wireForm(panel: Panel): void {
  const { op, form } = panel;
  const examples = requestExamples(op);
  form.exampleSelect.addEventListener("change", () => {
    const body = jsonBodyField(op, form);
    if (body)
      body.value = exampleText(examples.find((e) => e.name === form.exampleSelect.value)?.value);
    showDerived(op, form);
  });
  form.mediaSelect.addEventListener("change", () => showEditor(form));
  form.form.addEventListener("submit", (event) => {
    event.preventDefault();
    void submit(panel, false);
  });
  form.sendAnyway.addEventListener("click", () => void submit(panel, true));
}

/** Builds the Try-it panel of `op`. */
export function createPanel(op: OperationSpec, context: ConsoleContext): HTMLElement {
  const id = `mp-try-it-${op.operationId}`;
  const settings = loadSettings(context.storage);
  const form: PanelForm = createPanelForm(
    op,
    context.document,
    settings,
    context.servedMockUrl,
    () => showDerived(op, form),
  );
  const answer = createAnswerView();
  const element = h(
    "section",
    { class: "mp-try-it", "data-try-it": op.operationId, "aria-labelledby": id },
    h("h3", { id }, "Try it"),
    form.form,
    answer.announce,
    answer.result,
    h("div", { class: "mp-curl-box" }, h("span", {}, "curl"), answer.curl),
  );
  context.panels.add(element);
  showDerived(op, form);
  showEditor(form);
  const panel: Panel = { op, context, element, form, answer };
  shareSettings(panel);
  wireForm(panel);
  return element;
}

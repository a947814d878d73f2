// The answer part of one Try-it panel: status, time, badge, findings, declared and received headers, the body (or a
// download), the next-page button and the curl line. The decisions live in answer.ts; this file is the DOM.
import {
  baseMediaType,
  checkResponse,
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
import { h } from "./dom.js";
import type { PreparedRequest } from "./request.js";

/** An answer as the page's `fetch` read it. */
interface ReceivedAnswer {
  /** The HTTP status, e.g. 200. */
  readonly status: number;
  /** The status text the server sent, possibly empty. */
  readonly statusText: string;
  /** The headers the page may read (CORS). */
  readonly headers: Headers;
  /** The whole body. */
  readonly bytes: ArrayBuffer;
  /** From send to the body's last byte, in milliseconds. */
  readonly elapsedMs: number;
}

/** The answer's DOM, cleared before each send and filled by `show`. */
export interface AnswerView {
  /** The answer block (hidden until an answer is shown). */
  readonly result: HTMLElement;
  /** The curl line of the request sent. */
  readonly curl: HTMLPreElement;
  /** The warning of a request sent anyway: the console's findings. */
  readonly warning: HTMLElement;
  /** A live region (visually hidden) that tells a screen reader each answer's status and verdict. */
  readonly announce: HTMLElement;
  /** Removes the previous answer and curl line: nothing on screen may look like the answer to this send. */
  clear(): void;
  /**
   * Shows `answer` to `request`, judged against `op` with `specAjv`; `onNextPage` is what the next-page button does
   * with the answer's cursor (undefined: no such button).
   */
  show(
    op: OperationSpec,
    specAjv: SpecAjv,
    request: PreparedRequest,
    answer: ReceivedAnswer,
    onNextPage: ((cursor: string) => void) | undefined,
  ): void;
}

/** The elements the answer is written into. */
interface AnswerElements {
  readonly status: HTMLSpanElement;
  readonly time: HTMLSpanElement;
  readonly badge: HTMLSpanElement;
  readonly issues: HTMLUListElement;
  readonly declared: HTMLDListElement;
  readonly headers: HTMLPreElement;
  readonly body: HTMLPreElement;
  readonly download: HTMLParagraphElement;
  readonly nextPage: HTMLButtonElement;
}

/** Writes the status line, the badge and the conformance findings; returns the answer's JSON, if any. */
function showVerdict(
  e: AnswerElements,
  op: OperationSpec,
  specAjv: SpecAjv,
  answer: ReceivedAnswer,
  received: Record<string, string>,
  text: string,
): unknown {
  const conformance = checkResponse(specAjv, op, {
    status: answer.status,
    headers: received,
    body: text,
  });
  e.status.textContent = `${answer.status}${answer.statusText ? ` ${answer.statusText}` : ""}`;
  e.status.dataset.status = String(answer.status);
  e.time.textContent = `${answer.elapsedMs} ms`;
  const shown = answerBadge(answer.status, conformance.conforms, conformance.issues);
  e.badge.className = `mp-badge ${shown.className}`;
  e.badge.textContent = shown.text;
  e.issues.replaceChildren(
    ...conformance.issues.map((i) =>
      h("li", {}, h("code", {}, i.path || i.check || ""), ` ${i.message}`),
    ),
  );
  return conformance.json;
}

/** Writes the declared headers (as the page can read them) and every received one. */
function showHeaders(
  e: AnswerElements,
  op: OperationSpec,
  status: number,
  received: Record<string, string>,
): void {
  for (const [name, value] of declaredHeaders(op, status, received))
    e.declared.append(
      h("dt", {}, name),
      h("dd", {}, value ?? "(not readable here: not sent, or not exposed to the page by CORS)"),
    );
  e.headers.textContent = Object.entries(received)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
}

/** Creates the answer's DOM. */
export function createAnswerView(): AnswerView {
  const e: AnswerElements = {
    status: h("span", { class: "mp-status" }),
    time: h("span", { class: "mp-time" }),
    badge: h("span", { class: "mp-badge" }),
    issues: h("ul", { class: "mp-issues" }),
    declared: h("dl", { class: "mp-declared" }),
    headers: h("pre", { class: "mp-headers" }),
    body: h("pre", { class: "mp-body" }),
    download: h("p", { class: "mp-download" }),
    nextPage: h("button", { type: "button", class: "mp-next-page", hidden: "" }, "Next page"),
  };
  const warning = h("div", { class: "mp-sent-anyway", role: "note", hidden: "" });
  const curl = h("pre", { class: "mp-curl" });
  const announce = h("p", { class: "mp-announce", role: "status", "aria-live": "polite" });
  const result = h(
    "div",
    { class: "mp-result", hidden: "" },
    h("div", { class: "mp-summary" }, e.status, e.time, e.badge),
    warning,
    e.issues,
    e.declared,
    h("details", {}, h("summary", {}, "Response headers"), e.headers),
    e.body,
    e.download,
    e.nextPage,
  );
  let downloadUrl: string | undefined;

  /** Shows the body as text, or offers it as a download. */
  const showBody = (op: OperationSpec, method: string, answer: ReceivedAnswer, text: string) => {
    const contentType = answer.headers.get("content-type");
    const view = bodyView(answer.status, method, contentType, answer.bytes.byteLength, text);
    e.body.textContent = view.text;
    e.body.dataset.kind = view.kind;
    if (view.kind !== "binary") return;
    downloadUrl = URL.createObjectURL(new Blob([answer.bytes], { type: view.type }));
    e.download.append(
      h("a", { href: downloadUrl, download: downloadName(op, view.type) }, "Download the answer"),
    );
  };

  return {
    result,
    curl,
    warning,
    announce,
    clear() {
      result.hidden = true;
      for (const element of [
        e.status,
        e.time,
        e.badge,
        e.issues,
        e.declared,
        e.headers,
        e.body,
        e.download,
        curl,
        announce,
      ])
        element.replaceChildren();
      e.badge.className = "mp-badge";
      delete e.status.dataset.status;
      delete e.body.dataset.kind;
      e.nextPage.hidden = true;
      if (downloadUrl) URL.revokeObjectURL(downloadUrl);
      downloadUrl = undefined;
      warning.hidden = true;
      warning.replaceChildren();
    },
    show(op, specAjv, request, answer, onNextPage) {
      const contentType = answer.headers.get("content-type");
      const textual = isTextual(baseMediaType(contentType ?? ""));
      const text = textual || !contentType ? new TextDecoder().decode(answer.bytes) : "";
      const received = Object.fromEntries(answer.headers.entries());
      const json = showVerdict(e, op, specAjv, answer, received, text);
      showHeaders(e, op, answer.status, received);
      showBody(op, request.method, answer, text);
      const cursor = nextCursor(op, json);
      if (cursor !== undefined && onNextPage) {
        e.nextPage.hidden = false;
        e.nextPage.onclick = () => onNextPage(cursor);
      }
      result.hidden = false;
      announce.textContent = `Answer: ${[e.status, e.badge]
        .map((part) => part.textContent?.trim())
        .filter(Boolean)
        .join(", ")}`;
    },
  };
}
